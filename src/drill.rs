//! `pebble drill`: exercises on random CFGs. (Not implemented yet.)

#[derive(clap::Args, Debug)]
pub struct DrillArgs {
    /// The kind of exercise (phi-placement)
    pub kind: String,
}

pub fn drill_main(_args: &DrillArgs) -> Result<(), String> {
    Err("pebble drill is not implemented yet".to_string())
}
