//! placeholder
pub struct Explained {
    pub text: String,
    pub dot: String,
}
pub fn explain(_f: &super::super::mir::MFunction) -> Result<Explained, String> {
    Err("todo".into())
}
