//! Where `pebble-mem2reg`'s time goes, for `pebble-mem2reg<phase-times>`:
//! the wall-clock time of each phase of the pass (module doc of `mem2reg`),
//! summed over the rounds of a function and printed on one line per
//! function. `-time-passes` gives the pass's total; this splits it, which is
//! what a scaling study needs (`scripts/bench-mem2reg --phases`).
//!
//! Besides the phases, the time spent naming phis (`phi names`), which is
//! part of `insert` in compat mode and of `finish` in the default mode: it
//! is LLVM's symbol-table work, the part of the pass that grows fastest
//! with the function (README, "Scaling").
//!
//! The clock is read only when asked for: the pass's default path pays one
//! branch per phase (and per slot named, for `phi names`). When it runs,
//! timing the naming adds two clock reads per slot to the phase it is in
//! (about 80 ns a slot on our benchmark machine).

use std::time::Instant;

/// The phases, in the order the pass runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The entry block's allocas, the CFG and the dominator tree.
    Read,
    /// Promotability, with the access log; markers removed; compat mode's
    /// fast paths.
    Check,
    /// The access summary of each slot.
    Summarise,
    /// Pruned phi placement.
    Place,
    /// Creating the empty phis.
    Insert,
    /// The dominator-tree walk: loads replaced, accesses erased.
    Rename,
    /// Phi names, incoming entries, folding, allocas and leftovers erased.
    Finish,
}

impl Phase {
    pub const ALL: [Phase; 7] = [
        Phase::Read,
        Phase::Check,
        Phase::Summarise,
        Phase::Place,
        Phase::Insert,
        Phase::Rename,
        Phase::Finish,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Read => "read",
            Phase::Check => "check",
            Phase::Summarise => "summarise",
            Phase::Place => "place",
            Phase::Insert => "insert",
            Phase::Rename => "rename",
            Phase::Finish => "finish",
        }
    }
}

/// Nanoseconds spent in each phase, and naming phis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseTimes {
    nanos: [u64; Phase::ALL.len()],
    phi_names: u64,
}

impl PhaseTimes {
    pub fn nanos(&self, phase: Phase) -> u64 {
        self.nanos[phase as usize]
    }

    /// `read 0.123 ms, check 0.456 ms, ..., finish 0.321 ms, phi names
    /// 0.100 ms`: every phase, in order, then the time spent naming phis.
    pub fn describe(&self) -> String {
        let ms = |nanos: u64| nanos as f64 / 1e6;
        let phases = Phase::ALL
            .iter()
            .map(|&p| format!("{} {:.3} ms", p.name(), ms(self.nanos(p))));
        let names = std::iter::once(format!("phi names {:.3} ms", ms(self.phi_names)));
        phases.chain(names).collect::<Vec<_>>().join(", ")
    }
}

/// Charges the time since the previous lap to the phase just finished.
pub struct PhaseClock {
    last: Option<Instant>,
}

impl PhaseClock {
    /// A clock that reads the time only when `enabled`.
    pub fn start(enabled: bool) -> Self {
        PhaseClock {
            last: enabled.then(Instant::now),
        }
    }

    pub fn lap(&mut self, finished: Phase, times: &mut PhaseTimes) {
        if let Some(last) = self.last {
            let now = Instant::now();
            times.nanos[finished as usize] += (now - last).as_nanos() as u64;
            self.last = Some(now);
        }
    }

    /// Runs `naming`, charging its time to `phi names` when the clock runs
    /// (the phase it belongs to is charged as well, at its lap).
    pub fn naming_phis<R>(&self, times: &mut PhaseTimes, naming: impl FnOnce() -> R) -> R {
        if self.last.is_none() {
            return naming();
        }
        let start = Instant::now();
        let result = naming();
        times.phi_names += start.elapsed().as_nanos() as u64;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disabled_clock_charges_nothing() {
        let mut times = PhaseTimes::default();
        let mut clock = PhaseClock::start(false);
        clock.lap(Phase::Rename, &mut times);
        assert_eq!(times, PhaseTimes::default());
    }

    #[test]
    fn laps_accumulate_per_phase_and_every_phase_is_described() {
        let mut times = PhaseTimes::default();
        let mut clock = PhaseClock::start(true);
        std::thread::sleep(std::time::Duration::from_millis(2));
        clock.lap(Phase::Check, &mut times);
        clock.lap(Phase::Check, &mut times);
        assert!(times.nanos(Phase::Check) >= 2_000_000);
        assert_eq!(times.nanos(Phase::Rename), 0);
        let text = times.describe();
        for p in Phase::ALL {
            assert!(text.contains(&format!("{} ", p.name())), "{text}");
        }
        assert!(text.ends_with(", phi names 0.000 ms"), "{text}");
    }

    #[test]
    fn naming_is_timed_only_by_a_running_clock() {
        let mut times = PhaseTimes::default();
        let stopped = PhaseClock::start(false);
        let slept = || std::thread::sleep(std::time::Duration::from_millis(1));
        stopped.naming_phis(&mut times, slept);
        assert_eq!(times, PhaseTimes::default());
        PhaseClock::start(true).naming_phis(&mut times, slept);
        assert!(times.phi_names >= 1_000_000);
    }
}
