//! The statistics of a match played in pairs of games (each opening once
//! with each colour), as fishtest keeps them: the *pentanomial* counts of
//! the pairs' scores (0, ½, 1, 1½, 2 points for player A), the Elo
//! difference they show with its 95% interval, the likelihood of
//! superiority (LOS), and the sequential probability ratio test (SPRT)
//! between two Elo hypotheses.
//!
//! The SPRT is the generalised one fishtest runs (Michel Van den Bergh's
//! GSPRT): the log-likelihood ratio of the pairs' scores under the two
//! most likely pentanomial distributions whose mean score is that of
//! `elo0` and of `elo1` (logistic Elo). It accepts H1 (A is at least
//! `elo1` stronger) when the ratio reaches log((1-β)/α), H0 (at most
//! `elo0`) when it falls to log(β/(1-α)). Pairs rather than games: the two
//! games of an opening are not independent (an unbalanced opening favours
//! whoever has the better side), and the pentanomial model counts their
//! correlation where the trinomial would not.

/// The counts of pairs by A's points in the pair: `[0, ½, 1, 1½, 2]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts a pair whose two games scored `a` and `b` for A (0, ½ or 1
    /// each, as halves: 0, 1, 2).
    pub fn add(&mut self, a_halves: u8, b_halves: u8) {
        let i = usize::from(a_halves.min(2) + b_halves.min(2));
        self.0[i] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The sum of two sets of counts (a match's parts from several workers).
    pub fn merged(&self, other: &Pentanomial) -> Pentanomial {
        let mut out = *self;
        for (o, x) in out.0.iter_mut().zip(other.0) {
            *o += x;
        }
        out
    }

    /// The share of each pair score among the pairs, and the scores
    /// (0, ¼, ½, ¾, 1 a game), leaving out scores no pair had.
    fn distribution(&self) -> Vec<(f64, f64)> {
        let n = self.pairs() as f64;
        self.0
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, &c)| (i as f64 / 4.0, c as f64 / n))
            .collect()
    }

    /// [`Pentanomial::distribution`] with every count at least 0.001, as
    /// fishtest regularises it: a score no pair had yet is possible, so
    /// that pairs all alike (a random mover losing every game) still give
    /// a ratio.
    fn regularized(&self) -> Vec<(f64, f64)> {
        let counts: Vec<f64> = self.0.iter().map(|&c| (c as f64).max(1e-3)).collect();
        let n: f64 = counts.iter().sum();
        counts
            .iter()
            .enumerate()
            .map(|(i, c)| (i as f64 / 4.0, c / n))
            .collect()
    }

    /// The mean score a game and its variance a pair (of the pair's mean).
    fn mean_and_variance(&self) -> (f64, f64) {
        let d = self.distribution();
        let mean: f64 = d.iter().map(|(s, p)| s * p).sum();
        let var: f64 = d.iter().map(|(s, p)| p * (s - mean).powi(2)).sum();
        (mean, var)
    }
}

/// The logistic Elo difference of a score (0 to 1).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The score an Elo difference expects.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What a match shows so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The Elo difference, A's view.
    pub elo: f64,
    /// Half the width of its 95% interval, in Elo (the interval is not
    /// quite symmetric; this is the larger half).
    pub margin: f64,
    /// The probability that A is the stronger (likelihood of superiority).
    pub los: f64,
    /// The mean score a game.
    pub score: f64,
}

/// The Elo estimate of the pairs (`None` with no pair).
pub fn estimate(p: &Pentanomial) -> Option<Estimate> {
    let n = p.pairs();
    if n == 0 {
        return None;
    }
    let (mean, var) = p.mean_and_variance();
    if mean <= 0.0 || mean >= 1.0 {
        // Every game won (or lost): no finite estimate.
        let sign = if mean >= 1.0 { 1.0 } else { -1.0 };
        return Some(Estimate {
            elo: sign * f64::INFINITY,
            margin: f64::INFINITY,
            los: if mean >= 1.0 { 1.0 } else { 0.0 },
            score: mean,
        });
    }
    let se = (var / n as f64).sqrt();
    let (lo, hi) = (elo(mean - 1.96 * se), elo(mean + 1.96 * se));
    let e = elo(mean);
    let los = if se > 0.0 {
        normal_cdf((mean - 0.5) / se)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(Estimate {
        elo: e,
        margin: (e - lo).max(hi - e),
        los,
        score: mean,
    })
}

/// The hypotheses and error rates of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The null hypothesis: A is at most this much stronger.
    pub elo0: f64,
    /// The alternative: A is at least this much stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1: A is at least `elo1` stronger.
    H1,
    /// H0: A is at most `elo0` stronger.
    H0,
    /// Neither bound reached.
    Open,
}

impl Sprt {
    /// Reads `elo0=0,elo1=5[,alpha=0.05,beta=0.05]`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}`: write key=value (elo0, elo1, alpha, beta)"))?;
            let x: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| format!("`{part}`: `{}` is not a number", v.trim()))?;
            match k.trim() {
                "elo0" => s.elo0 = x,
                "elo1" => s.elo1 = x,
                "alpha" => s.alpha = x,
                "beta" => s.beta = x,
                other => return Err(format!("unknown SPRT key `{other}` (elo0, elo1, alpha, beta)")),
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() {
            return Err("an SPRT needs elo0 and elo1, e.g. --sprt elo0=0,elo1=5".into());
        }
        if s.elo1 <= s.elo0 {
            return Err(format!("elo1 ({}) must be more than elo0 ({})", s.elo1, s.elo0));
        }
        if s.elo0.abs() >= 1000.0 || s.elo1.abs() >= 1000.0 {
            return Err("elo0 and elo1 are differences under 1000 Elo".into());
        }
        for (name, x) in [("alpha", s.alpha), ("beta", s.beta)] {
            if !(x > 0.0 && x < 0.5) {
                return Err(format!("{name} is a probability between 0 and 0.5, not {x}"));
            }
        }
        Ok(s)
    }

    /// The bounds of the log-likelihood ratio: (accept H0, accept H1).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs, H1 against H0.
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let d = p.regularized();
        let n = p.pairs() as f64;
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (mle_log_likelihood(&d, s1) - mle_log_likelihood(&d, s0))
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Open
        }
    }

    /// `elo0=…,elo1=…` as given.
    pub fn describe(&self) -> String {
        format!(
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The mean log-likelihood a pair of the most likely distribution on the
/// observed scores whose mean is `s`, relative to the observed one: the
/// distribution p̂ᵢ / (1 + λ(aᵢ − s)), λ solving Σ p̂ᵢ (aᵢ − s) / (1 +
/// λ(aᵢ − s)) = 0 (found by bisection: the sum falls as λ grows).
fn mle_log_likelihood(d: &[(f64, f64)], s: f64) -> f64 {
    let (min, max) = d
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), (a, _)| (lo.min(*a), hi.max(*a)));
    // A mean outside the scores cannot be had (a hypothesis at 0 or 1):
    // as unlikely as can be.
    if s <= min || s >= max {
        return -1e9;
    }
    // 1 + λ(a − s) > 0 for every a: λ within (−1/(max − s), 1/(s − min)).
    let (mut lo, mut hi) = (-1.0 / (max - s), 1.0 / (s - min));
    let f = |l: f64| -> f64 { d.iter().map(|(a, p)| p * (a - s) / (1.0 + l * (a - s))).sum() };
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = (lo + hi) / 2.0;
    // Σ p̂ log(p / p̂) with p = p̂ / (1 + λ(a − s)).
    -d.iter().map(|(a, p)| p * (1.0 + l * (a - s)).ln()).sum::<f64>()
}

/// The standard normal distribution function.
fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz and Stegun 7.1.26, error under 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_and_score_invert_each_other() {
        for e in [-400.0, -35.0, 0.0, 5.0, 191.0] {
            assert!(close(elo(score_of(e)), e, 1e-9), "{e}");
        }
        assert!(close(score_of(0.0), 0.5, 1e-12));
        assert!(close(elo(0.75), 190.848, 1e-3));
    }

    #[test]
    fn the_estimate_of_even_pairs_is_zero_with_a_margin() {
        let p = Pentanomial([10, 20, 40, 20, 10]);
        let e = estimate(&p).unwrap();
        assert!(close(e.elo, 0.0, 1e-9));
        assert!(close(e.los, 0.5, 1e-9));
        // The pairs' variance: 2·0.1·0.5² + 2·0.2·0.25² = 0.075.
        let se = (0.075 / 100.0f64).sqrt();
        assert!(close(e.margin, elo(0.5 + 1.96 * se), 1e-6), "{e:?}");
        assert_eq!(estimate(&Pentanomial::default()), None);
        let all = estimate(&Pentanomial([0, 0, 0, 0, 3])).unwrap();
        assert_eq!((all.elo, all.los), (f64::INFINITY, 1.0));
    }

    #[test]
    fn a_winning_player_has_high_los_and_positive_elo() {
        let p = Pentanomial([5, 10, 30, 30, 25]);
        let e = estimate(&p).unwrap();
        assert!(e.elo > 100.0 && e.los > 0.999, "{e:?}");
        let p = Pentanomial([25, 30, 30, 10, 5]);
        let e = estimate(&p).unwrap();
        assert!(e.elo < -100.0 && e.los < 0.001, "{e:?}");
    }

    #[test]
    fn the_llr_agrees_with_fishtests_approximation() {
        // For small Elo differences the GSPRT's LLR is close to
        // N (s1 − s0)(2x̄ − s0 − s1) / (2σ²), σ² the pairs' variance.
        let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
        let p = Pentanomial([90, 1100, 2400, 1250, 100]);
        let (mean, var) = p.mean_and_variance();
        let (s0, s1) = (score_of(0.0), score_of(5.0));
        let approx = p.pairs() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let llr = sprt.llr(&p);
        assert!(close(llr, approx, 0.05 * approx.abs().max(0.1)), "{llr} {approx}");
    }

    #[test]
    fn the_sprt_accepts_the_right_hypothesis() {
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944, 1e-3) && close(hi, 2.944, 1e-3));
        // A clearly stronger A: H1. Clearly weaker: H0. Even and few: open.
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([10, 60, 200, 100, 30]))),
            Verdict::H1
        );
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([30, 100, 200, 60, 10]))),
            Verdict::H0
        );
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([1, 3, 6, 3, 1]))),
            Verdict::Open
        );
        // Pairs all alike still tell: every pair won is H1 in time, every
        // pair drawn H0.
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([0, 0, 0, 0, 3]))),
            Verdict::Open
        );
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([0, 0, 0, 0, 200]))),
            Verdict::H1
        );
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([0, 0, 400, 0, 0]))),
            Verdict::H0
        );
    }

    #[test]
    fn sprt_arguments_are_checked() {
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=0.1").is_ok());
        for bad in [
            "",
            "elo0=0",
            "elo0=5,elo1=0",
            "elo0=0,elo1=x",
            "elo0=0,elo1=5,gamma=1",
            "elo0=0,elo1=5,alpha=0.7",
            "elo0 0",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_merge_and_add() {
        let mut p = Pentanomial::default();
        p.add(2, 2);
        p.add(0, 1);
        p.add(1, 1);
        assert_eq!(p.0, [0, 1, 1, 0, 1]);
        assert_eq!(p.merged(&p).0, [0, 2, 2, 0, 2]);
    }
}
