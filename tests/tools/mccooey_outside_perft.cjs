#!/usr/bin/env node
// Perft of McCooey's hexagonal chess by an outside implementation: GamesByEmail's
// game (github.com/GamesByEmail/Games-McCooeyHexChess, TypeScript, an Angular
// app; its rules are the classes of projects/game/src/lib/game/, on
// @gamesbyemail/base 0.0.25 from npm). Nothing of it is copied here: this
// driver loads the game's own .ts files from a checkout named on the command
// line, transpiled as they load by the `typescript` package found beside them,
// and uses them as the game's board does:
//
// - a position is their board string (91 cells in their index order, White
//   in lower case) and their last move (`lastMoves`, which their en passant
//   reads), set with `Game.setGameData`;
// - a move is their `Piece.canMoveTo` and `Piece.makeMove` inside
//   `Game.save`/`Game.restore`, legal when `Board.isInCheck` of the mover is
//   false afterwards — what their `Board.canMove` and `Piece.attemptMove` do;
// - promotion: where their `Pawn.getPromoteRank` says a pawn has arrived,
//   each of the four pieces their promotion dialog offers (q, r, n, b) is put
//   in its place with their `Board.createPiece` and `Piece.replaceWith`, as
//   their `Pawn.completeMove` does after the dialog (which is a Promise
//   behind Angular, so the driver does that step itself).
//
// Set up once (the game is no npm package; its runtime needs only these):
//
//   mkdir mccooey-ref && cd mccooey-ref && npm init -y >/dev/null
//   npm install --legacy-peer-deps --ignore-scripts @gamesbyemail/base@0.0.25 \
//     @angular/{core,common,animations,platform-browser,router,forms}@11.0.5 \
//     @angular/cdk@11.0.3 @angular/material@11.0.3 @packageforge/deferred@0.0.5 \
//     @packageforge/geometry2d@0.0.11 rxjs@6.6.3 tslib@2.0.3 typescript@4.0.5
//   git clone https://github.com/GamesByEmail/Games-McCooeyHexChess game
//   git -C game checkout 66d9891f23d5bf77aff62858b62c649a37123b04
//
// Run (GAME is the checkout, or set MCCOOEY_GAME and give `-` for it):
//
//   node tests/tools/mccooey_outside_perft.cjs GAME 4            # from the start, depths 1 to 4
//   node tests/tools/mccooey_outside_perft.cjs GAME 3 - < fens   # perft 3 of each position (chimera's text)
//   node tests/tools/mccooey_outside_perft.cjs GAME 1 --list < fens  # each position's legal moves, sorted
//   node tests/tools/mccooey_outside_perft.cjs GAME 2 --divide [POSITION] [--moves M1 M2 ...]
//   ... --double-steps-only     (anywhere: see onlyDoubleSteps below)
//
// Positions are chimera's position text (`chimera replay --trace --json`):
// ranks 11 to 1, White in capitals, the en-passant field the cell passed
// over. Moves in --divide are chimera's UCI names (`e3e5`, `f10f11q`),
// sorted as `chimera perft --divide` prints them.
//
// Run so on 2026-12-01 (commit 66d9891) it printed 31, 947, 33307 and
// 1157852 for depths 1–4 from the start, chimera's counts, the same legal
// moves as chimera in 3,419 positions of twelve random games, and one node
// more wherever a pawn had just captured along the diagonal that crosses two
// of their rows, which their en passant takes for a double step
// (--double-steps-only, below; docs/rules-format.md, "Hexagonal boards").
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');

const FILES = 'abcdefghikl';

function usage(msg) {
  if (msg) process.stderr.write(msg + '\n');
  process.stderr.write('usage: mccooey_outside_perft.cjs GAME_CHECKOUT DEPTH [- | --list | --divide [POSITION] [--moves M ...]]\n');
  process.exit(2);
}

// --double-steps-only: their `Pawn.passedLastTurn`, which en passant asks,
// takes any pawn move of two rows in their coordinates for a double step;
// so is a pawn's capture along the diagonal that spans two rows (White's
// e5xf7, Black's f8xe6), after which the pawns beside the cell it crossed
// take it "en passant". With this flag the driver wraps their method to ask
// also that the last move stayed on its file (a double step), to show that
// this is the only difference from chimera's counts.
function onlyDoubleSteps(Pawn) {
  const passed = Pawn.prototype.passedLastTurn;
  Pawn.prototype.passedLastTurn = function () {
    if (!passed.call(this)) return false;
    const move = this.game.lastMoves[0];
    const t = this.territory.board.territories;
    return t[move.from].position.x === t[move.to].position.x;
  };
}

function loadGame(checkout) {
  const lib = path.resolve(checkout, 'projects/game/src/lib/game');
  if (!fs.existsSync(path.join(lib, 'game.ts'))) usage(`no ${path.join(lib, 'game.ts')}: not a checkout of Games-McCooeyHexChess`);
  const req = Module.createRequire(path.join(lib, 'game.ts'));
  let ts;
  try {
    ts = req('typescript');
  } catch (e) {
    usage(`the typescript package is not found from ${lib}: ${e.message}`);
  }
  require.extensions['.ts'] = (module, filename) => {
    const source = fs.readFileSync(filename, 'utf8');
    const out = ts.transpileModule(source, {
      fileName: filename,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2017,
        experimentalDecorators: true,
        esModuleInterop: true,
      },
    });
    module._compile(out.outputText, filename);
  };
  return {
    Game: req('./game.ts').Game,
    Pawn: req('./pieces/pawn.ts').Pawn,
    TeamId: req('./team-id.ts').TeamId,
  };
}

// Their cells: position (x, y) with x the file (a … l) and y a row of the
// board's index order; a file's lowest cell is at y = max(0, x - 5).
function cellName(t) {
  const x = t.position.x;
  const y = t.position.y;
  return FILES[x] + (y - Math.max(0, x - 5) + 1);
}
function fileLength(x) {
  return 11 - Math.abs(x - 5);
}

class Outside {
  constructor(impl) {
    this.impl = impl;
    this.game = new impl.Game();
    this.board = this.game.board;
    this.byName = new Map(this.board.territories.map((t) => [cellName(t), t]));
  }

  // chimera's position text -> their board string, side and last move.
  setPosition(text) {
    const [rows, side, , ep] = text.trim().split(/\s+/);
    const cells = new Array(this.board.territories.length).fill(' ');
    const ranks = rows.split('/');
    if (ranks.length !== 11) throw new Error(`not 11 ranks: ${text}`);
    ranks.forEach((row, i) => {
      const rank = 11 - i;
      const files = [];
      for (let x = 0; x < 11; x++) if (fileLength(x) >= rank) files.push(x);
      let k = 0;
      for (const m of row.matchAll(/\d+|[A-Za-z]/g)) {
        const s = m[0];
        if (/\d/.test(s)) {
          k += Number(s);
          continue;
        }
        const t = this.byName.get(FILES[files[k]] + rank);
        if (!t) throw new Error(`rank ${rank} overfull: ${text}`);
        // chimera: White in capitals; theirs: White in lower case.
        cells[t.index] = s === s.toUpperCase() ? s.toLowerCase() : s.toUpperCase();
        k++;
      }
      if (k !== files.length) throw new Error(`rank ${rank} has ${k} cells, not ${files.length}: ${text}`);
    });
    const white = side === 'w';
    let moves = [];
    if (ep && ep !== '-') {
      // The cell passed over; the pawn that passed stands one further on.
      const over = this.byName.get(ep);
      if (!over) throw new Error(`en passant cell ${ep}?`);
      const dy = white ? -1 : 1; // Black's pawns go down y, White's up
      const to = this.board.findTerritory(over.position.x, over.position.y + dy);
      const from = this.board.findTerritory(over.position.x, over.position.y - dy);
      moves = [{ id: white ? 'Black' : 'White', piece: white ? 'P' : 'p', from: from.index, to: to.index }];
    }
    this.game.setGameData({
      over: false,
      players: [{ title: 'White' }, { title: 'Black' }],
      options: { dark: false },
      perspective: this.impl.TeamId.White,
      states: [{ moveNumber: 0, board: cells.join(''), teams: white ? ['@', ''] : ['', '@'], moves }],
    });
    this.side = white ? 0 : 1;
    this.last = moves[0];
  }

  // Calls visit(name, nextLast) with each legal move made on their board.
  forEachLegal(side, last, visit) {
    const game = this.game;
    const team = game.teams[side];
    const before = game.lastMoves;
    game.lastMoves = last ? [last] : [];
    const territories = this.board.territories;
    for (const from of territories) {
      const piece = from.piece;
      if (!piece || piece.team !== team) continue;
      for (const to of territories) {
        if (to === from || to.isFriendly(piece) || !piece.canMoveTo(to)) continue;
        const name = cellName(from) + cellName(to);
        const moved = { id: team.id, piece: piece.getChar(), from: from.index, to: to.index };
        game.save();
        if (!piece.makeMove(to)) throw new Error(`makeMove refused ${name}, which canMoveTo allowed`);
        if (!this.board.isInCheck(team)) {
          if (piece instanceof this.impl.Pawn && piece.territory.position.y === piece.getPromoteRank()) {
            for (const c of ['q', 'r', 'n', 'b']) {
              game.save();
              piece.replaceWith(this.board.createPiece(side === 0 ? c : c.toUpperCase()));
              visit(name + c, moved);
              game.restore();
            }
          } else {
            visit(name, moved);
          }
        }
        game.restore();
        game.lastMoves = last ? [last] : [];
      }
    }
    game.lastMoves = before;
  }

  // Plays a legal move (chimera's UCI name) for good: the position after it
  // is the new root.
  play(name) {
    if (!this.divide(1).some(([n]) => n === name)) throw new Error(`${name} is not legal here`);
    const m = name.match(/^([a-l]\d+)([a-l]\d+)([qrnb]?)$/);
    const from = this.byName.get(m[1]);
    const to = this.byName.get(m[2]);
    const piece = from.piece;
    this.game.lastMoves = this.last ? [this.last] : [];
    this.last = { id: piece.team.id, piece: piece.getChar(), from: from.index, to: to.index };
    piece.makeMove(to);
    if (m[3]) piece.replaceWith(this.board.createPiece(this.side === 0 ? m[3] : m[3].toUpperCase()));
    this.side = 1 - this.side;
  }

  perft(depth, side = this.side, last = this.last) {
    let n = 0;
    if (depth === 1) {
      this.forEachLegal(side, last, () => n++);
      return n;
    }
    this.forEachLegal(side, last, (_, moved) => {
      n += this.perft(depth - 1, 1 - side, moved);
    });
    return n;
  }

  divide(depth) {
    const rows = [];
    this.forEachLegal(this.side, this.last, (name, moved) => {
      rows.push([name, depth === 1 ? 1 : this.perft(depth - 1, 1 - this.side, moved)]);
    });
    rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return rows;
  }
}

const START = 'b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1';

function main() {
  const args = process.argv.slice(2);
  const strict = args.indexOf('--double-steps-only');
  if (strict >= 0) args.splice(strict, 1);
  if (args.length < 2) usage();
  const checkout = args[0] === '-' ? process.env.MCCOOEY_GAME : args[0];
  if (!checkout) usage('no checkout given (nor MCCOOEY_GAME)');
  const depth = Number(args[1]);
  if (!(depth >= 1)) usage(`depth ${args[1]}?`);
  const impl = loadGame(checkout);
  if (strict >= 0) onlyDoubleSteps(impl.Pawn);
  const outside = new Outside(impl);
  if (args[2] === '--divide') {
    const rest = args.slice(3);
    const at = rest.indexOf('--moves');
    const moves = at < 0 ? [] : rest.splice(at).slice(1);
    outside.setPosition(rest.join(' ') || START);
    for (const m of moves) outside.play(m);
    let total = 0;
    for (const [name, n] of outside.divide(depth)) {
      console.log(`${name}: ${n}`);
      total += n;
    }
    console.log(`total ${total}`);
  } else if (args[2] === '-' || args[2] === '--list') {
    const lines = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l.trim());
    for (const line of lines) {
      outside.setPosition(line);
      if (args[2] === '-') console.log(outside.perft(depth));
      else console.log(outside.divide(1).map(([name]) => name).join(' '));
    }
  } else {
    outside.setPosition(START);
    for (let d = 1; d <= depth; d++) console.log(`${d} ${outside.perft(d)}`);
  }
}

main();
