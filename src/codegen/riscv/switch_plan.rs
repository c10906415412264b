//! How a `switch` terminator is emitted: jump tables for dense runs of
//! cases, a balanced tree of compares over the rest.
//!
//! Follows LLVM's `SwitchLoweringUtils` (`findJumpTables`,
//! `SelectionDAGBuilder::lowerWorkItem`/`splitWorkItem`): cases are sorted
//! and grouped into clusters; a run of at least `MIN_TABLE_ENTRIES` cases
//! whose density (cases / values spanned) is at least `MIN_DENSITY_PERCENT`
//! becomes one jump-table cluster (LLVM's defaults for code not optimised
//! for size: 4 entries, 40%); the clusters are then searched by a balanced
//! binary tree of `blt` on the first value of the middle cluster, down to
//! at most `MAX_LINEAR_CLUSTERS` clusters tested one after the other. The
//! clustering is greedy (the longest dense run from each start) where LLVM
//! minimises the number of partitions by dynamic programming; on the
//! switches of real code (opcode dispatch, character classes) both find
//! the same runs.
//!
//! Invariant (checked by the property test below): for every value, the
//! plan reaches the target the case list gives, or the default.

/// Minimum number of cases in a jump table.
pub const MIN_TABLE_ENTRIES: usize = 4;
/// Minimum density of a jump table, in percent.
pub const MIN_DENSITY_PERCENT: i128 = 40;
/// Largest jump table (entries).
pub const MAX_TABLE_ENTRIES: i128 = 1 << 16;
/// At most this many clusters are tested linearly.
pub const MAX_LINEAR_CLUSTERS: usize = 3;

/// A group of cases tested at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cluster {
    /// `value → target`
    Case(i64, usize),
    /// values `first ..= first + targets.len() - 1`, holes going to the
    /// default
    Table { first: i64, targets: Vec<usize> },
}

impl Cluster {
    pub fn first(&self) -> i64 {
        match self {
            Cluster::Case(v, _) => *v,
            Cluster::Table { first, .. } => *first,
        }
    }
}

/// The search over clusters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Test each cluster in turn, then go to the default.
    Linear(Vec<Cluster>),
    /// Values below `pivot` go to `below`, the others to `rest`.
    Split {
        pivot: i64,
        below: Box<Plan>,
        rest: Box<Plan>,
    },
}

/// Groups the cases (values distinct; any order) into clusters sorted by
/// value.
pub fn clusters(cases: &[(i64, usize)], default: usize) -> Vec<Cluster> {
    let mut sorted = cases.to_vec();
    sorted.sort_unstable();
    let mut out = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        // The longest dense run starting at i.
        let mut best = i;
        for j in i + MIN_TABLE_ENTRIES - 1..sorted.len() {
            let span = sorted[j].0 as i128 - sorted[i].0 as i128 + 1;
            let count = (j - i + 1) as i128;
            if span > MAX_TABLE_ENTRIES {
                break;
            }
            if count * 100 >= MIN_DENSITY_PERCENT * span {
                best = j;
            }
        }
        if best > i {
            let first = sorted[i].0;
            let span = (sorted[best].0 as i128 - first as i128 + 1) as usize;
            let mut targets = vec![default; span];
            for &(v, t) in &sorted[i..=best] {
                targets[(v as i128 - first as i128) as usize] = t;
            }
            out.push(Cluster::Table { first, targets });
            i = best + 1;
        } else {
            out.push(Cluster::Case(sorted[i].0, sorted[i].1));
            i += 1;
        }
    }
    out
}

/// The balanced search over sorted clusters.
pub fn plan(clusters: Vec<Cluster>) -> Plan {
    if clusters.len() <= MAX_LINEAR_CLUSTERS {
        return Plan::Linear(clusters);
    }
    let mut below = clusters;
    let rest = below.split_off(below.len() / 2);
    Plan::Split {
        pivot: rest[0].first(),
        below: Box::new(plan(below)),
        rest: Box::new(plan(rest)),
    }
}

/// Where the plan sends `v` (the semantics emission implements).
pub fn target(p: &Plan, v: i64, default: usize) -> usize {
    match p {
        Plan::Split { pivot, below, rest } => {
            target(if v < *pivot { below } else { rest }, v, default)
        }
        Plan::Linear(cs) => {
            for c in cs {
                match c {
                    Cluster::Case(x, t) if *x == v => return *t,
                    Cluster::Table { first, targets } => {
                        let k = v as i128 - *first as i128;
                        if (0..targets.len() as i128).contains(&k) {
                            return targets[k as usize];
                        }
                    }
                    _ => {}
                }
            }
            default
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dense_cases_make_one_table() {
        // 0..=9 except 4, plus an outlier: a table of 10 and one case.
        let mut cases: Vec<(i64, usize)> = (0..10)
            .filter(|&v| v != 4)
            .map(|v| (v, v as usize + 1))
            .collect();
        cases.push((1000, 7));
        let c = clusters(&cases, 0);
        assert_eq!(c.len(), 2);
        match &c[0] {
            Cluster::Table { first: 0, targets } => {
                assert_eq!(targets.len(), 10);
                assert_eq!(targets[4], 0, "the hole goes to the default");
            }
            other => panic!("expected a table, got {other:?}"),
        }
        assert_eq!(c[1], Cluster::Case(1000, 7));
    }

    #[test]
    fn sparse_cases_make_a_tree() {
        let cases: Vec<(i64, usize)> = (0..16).map(|k| (k * 1000, k as usize)).collect();
        let p = plan(clusters(&cases, 99));
        assert!(matches!(p, Plan::Split { .. }));
        fn depth(p: &Plan) -> usize {
            match p {
                Plan::Linear(_) => 1,
                Plan::Split { below, rest, .. } => 1 + depth(below).max(depth(rest)),
            }
        }
        assert!(depth(&p) <= 4, "balanced: {p:?}");
    }

    proptest! {
        #[test]
        fn plans_send_every_value_where_the_cases_say(
            values in prop::collection::btree_set(-40i64..40, 0..30),
            wide in any::<bool>(),
            probes in prop::collection::vec(-50i64..50, 40),
        ) {
            let scale = if wide { i64::MAX / 64 } else { 1 };
            let cases: Vec<(i64, usize)> =
                values.iter().enumerate().map(|(k, &v)| (v * scale, k + 1)).collect();
            let p = plan(clusters(&cases, 0));
            for probe in probes.iter().map(|&x| x * scale).chain(cases.iter().map(|c| c.0)).chain([i64::MIN, i64::MAX]) {
                let want = cases.iter().find(|c| c.0 == probe).map_or(0, |c| c.1);
                prop_assert_eq!(target(&p, probe, 0), want, "value {}", probe);
            }
        }
    }
}
