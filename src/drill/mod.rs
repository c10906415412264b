//! `pebble drill`: exercises on random CFGs.
//!
//! `pebble drill phi-placement` prints a random CFG whose blocks define and
//! use a few variables, and asks for the dominator tree, the dominance
//! frontiers, DF⁺(D) and live-in blocks of each variable, and the minimal,
//! semi-pruned and pruned phi placements (seed 001 §3: "./course drill
//! phi-placement --difficulty hard --solution"). `--solution` prints the
//! answers, computed with the analyses the passes use (`solution`).
//!
//! Layout: `rng` (SplitMix64, so a seed is stable forever), `exercise`
//! (generation), `solution` (answers), `render` (text).

pub mod exercise;
mod render;
pub mod rng;
pub mod solution;

pub use exercise::{Action, Difficulty, Exercise, Variable};
pub use solution::{solve, Solution, VariableSolution};

/// The command line of `pebble drill`: one subcommand per kind of exercise.
#[derive(clap::Args, Debug)]
pub struct DrillArgs {
    #[command(subcommand)]
    pub kind: DrillKind,
}

#[derive(clap::Subcommand, Debug)]
pub enum DrillKind {
    /// Where do minimal, semi-pruned and pruned SSA put phis on a random CFG?
    #[command(
        long_about = "Print a random CFG whose blocks define (`x = …`) and use (`use x`) a few \
            variables, and ask for the dominator tree, the dominance frontiers, DF⁺(D) and the \
            live-in blocks of each variable, and the blocks where minimal, semi-pruned and \
            pruned SSA place phis. The same --difficulty and --seed always give the same \
            exercise; add --solution to see the answers."
    )]
    PhiPlacement(PhiPlacementArgs),
}

#[derive(clap::Args, Debug)]
pub struct PhiPlacementArgs {
    /// Size and shape of the CFG: easy (5-7 blocks, 2 variables, one
    /// reducible loop at least), medium (7-10 blocks, 3 variables), hard
    /// (9-12 blocks, 4 variables, an irreducible loop and 1-2 unreachable blocks)
    #[arg(long, value_enum, default_value_t = Difficulty::Medium)]
    pub difficulty: Difficulty,

    /// Seed of the exercise: the same seed and difficulty always give the
    /// same exercise. Default: taken from the clock and printed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Also print the solution: dominator tree, DF, and per variable DF⁺(D),
    /// live-in blocks and the minimal, semi-pruned and pruned placements
    #[arg(long)]
    pub solution: bool,
}

pub fn drill_main(args: &DrillArgs) -> Result<(), String> {
    match &args.kind {
        DrillKind::PhiPlacement(a) => {
            let seed = a.seed.unwrap_or_else(seed_from_clock);
            let exercise = Exercise::generate(a.difficulty, seed);
            print!("{}", render::exercise(&exercise));
            if a.solution {
                print!("\n{}", render::solution(&exercise, &solve(&exercise)));
            }
            Ok(())
        }
    }
}

/// A seed for when none is given (it is printed, so the run can be repeated).
fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos % 1_000_000
}
