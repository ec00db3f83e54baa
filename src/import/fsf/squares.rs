//! Sets of squares on Fairy-Stockfish's largest board.

/// A set of squares, bit `rank * 12 + file` (Fairy-Stockfish's largest board
/// is 12 files by 10 ranks).
pub(super) type Bb = u128;
pub(super) const FILES: u32 = 12;
pub(super) const RANKS: u32 = 10;
pub(super) const ALL: Bb = (1u128 << (FILES * RANKS)) - 1;

pub(super) fn sq(file: u32, rank: u32) -> Bb {
    1u128 << (rank * FILES + file)
}
pub(super) fn rank_bb(rank: u32) -> Bb {
    (0..FILES).fold(0, |b, f| b | sq(f, rank))
}
pub(super) fn file_bb(file: u32) -> Bb {
    (0..RANKS).fold(0, |b, r| b | sq(file, r))
}
