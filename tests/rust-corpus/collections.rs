use std::collections::{BTreeMap, HashMap};
fn main() {
    let mut v: Vec<u64> = (0..5000u64).map(|i| (i * 2654435761) % 10007).collect();
    v.sort_unstable();
    v.dedup();
    let mut m: HashMap<u64, usize> = HashMap::new();
    for (i, x) in v.iter().enumerate() { *m.entry(x % 97).or_default() += i; }
    let b: BTreeMap<_, _> = m.iter().map(|(k, v)| (*k, *v)).collect();
    let s: String = b.iter().take(5).map(|(k, v)| format!("{k}:{v},")).collect();
    println!("{} {} {}", v.len(), b.len(), s);
    let words = "the quick brown fox jumps over the lazy dog".split(' ').filter(|w| w.len() > 3).count();
    println!("{words} {:?}", "héllo".char_indices().last());
}
