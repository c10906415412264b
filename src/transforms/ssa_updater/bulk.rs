//! SSA repair for many variables at once (LLVM's `SSAUpdaterBulk`; the
//! seed's "SSAUpdaterBulk: live-in blocks + IDFCalculator").
//!
//! Where `SsaUpdater` explores backwards per query and builds dominators of
//! the explored subgraph, the bulk variant takes the whole function's
//! dominator tree once and, per variable:
//! 1. live-in blocks: from the blocks needing the value on entry (a non-phi
//!    use's block; the predecessor of a phi use, when that block does not
//!    define), backwards over predecessors, stopping at defining blocks
//!    (Algorithm 16.4.2, `LiveInCalculator`);
//! 2. phi blocks = DF⁺(defining blocks) ∩ live-in (Sreedhar–Gao,
//!    `IdfCalculator`), i.e. pruned placement (Theorem 16.4.7's argument);
//! 3. the value at the end of a block is its definition or phi, else the
//!    value at the end of its immediate dominator (memoised walk up the
//!    tree); unreachable blocks and the entry without a definition give
//!    poison.
//!
//! Uses are answered in the order they were added. As in `SsaUpdater`, a
//! non-phi use in a block that defines the variable is rejected
//! (`UpdaterError::UseInDefiningBlock`). Existing phis are not reused (LLVM's
//! bulk updater does not either); every phi placed is new.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use super::{PhiFactory, UpdaterError, UseSite};
use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::dominators::DomTree;
use crate::analysis::frontier::{IdfCalculator, IteratedFrontier};
use crate::analysis::liveness::LiveInCalculator;

/// A variable's handle in a `BulkUpdater`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VarId(pub usize);

struct Variable<V> {
    defs: HashMap<Block, V>,
    uses: Vec<UseSite>,
}

/// The answers of `rewrite_all` for one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewrite<V> {
    /// One value per use, in the order the uses were added.
    pub values: Vec<V>,
    /// The phis created for this variable.
    pub phis: Vec<V>,
}

#[derive(Default)]
pub struct BulkUpdater<V> {
    vars: Vec<Variable<V>>,
}

impl<V: Copy + Eq + Hash + fmt::Debug> BulkUpdater<V> {
    pub fn new() -> Self {
        BulkUpdater { vars: Vec::new() }
    }

    pub fn add_variable(&mut self) -> VarId {
        self.vars.push(Variable {
            defs: HashMap::new(),
            uses: Vec::new(),
        });
        VarId(self.vars.len() - 1)
    }

    /// `value` is the variable's value at the end of `block`.
    pub fn add_available_value(&mut self, var: VarId, block: Block, value: V) {
        self.vars[var.0].defs.insert(block, value);
    }

    pub fn add_use(&mut self, var: VarId, site: UseSite) {
        self.vars[var.0].uses.push(site);
    }

    /// Places the phis of every variable and answers every use. `factory`
    /// is asked for the phis of variable `v` through `factory(v)`.
    pub fn rewrite_all<F, M>(
        &self,
        cfg: &Cfg,
        dt: &DomTree,
        mut factory_of: M,
    ) -> Result<Vec<Rewrite<V>>, UpdaterError>
    where
        F: PhiFactory<Value = V>,
        M: FnMut(VarId) -> F,
    {
        let reachable: Vec<bool> = (0..cfg.num_blocks()).map(|b| dt.is_reachable(b)).collect();
        let mut live = LiveInCalculator::new(cfg, &reachable);
        let mut idf = IdfCalculator::new(cfg, dt);
        let mut out = Vec::with_capacity(self.vars.len());
        for (i, var) in self.vars.iter().enumerate() {
            let mut factory = factory_of(VarId(i));
            out.push(rewrite_variable(
                cfg,
                dt,
                &mut live,
                &mut idf,
                var,
                &mut factory,
            )?);
        }
        Ok(out)
    }
}

fn rewrite_variable<V, F>(
    cfg: &Cfg,
    dt: &DomTree,
    live: &mut LiveInCalculator,
    idf: &mut IdfCalculator,
    var: &Variable<V>,
    factory: &mut F,
) -> Result<Rewrite<V>, UpdaterError>
where
    V: Copy + Eq + Hash + fmt::Debug,
    F: PhiFactory<Value = V>,
{
    let mut needs_live_in = Vec::new();
    for &site in &var.uses {
        match site {
            UseSite::PhiOperand { pred } => {
                if !var.defs.contains_key(&pred) {
                    needs_live_in.push(pred);
                }
            }
            UseSite::Instruction { block } => {
                if var.defs.contains_key(&block) {
                    return Err(UpdaterError::UseInDefiningBlock { block });
                }
                needs_live_in.push(block);
            }
        }
    }
    let mut def_blocks: Vec<Block> = var.defs.keys().copied().collect();
    def_blocks.sort_unstable();
    live.live_in_blocks(&def_blocks, &needs_live_in);
    let phi_blocks = idf.calculate(&def_blocks, Some(&|b| live.was_live_in(b)));

    let mut at_end: HashMap<Block, V> = var.defs.clone();
    let mut phis = Vec::with_capacity(phi_blocks.len());
    for &b in &phi_blocks {
        let phi = factory.create_phi(b);
        at_end.insert(b, phi);
        phis.push((b, phi));
    }
    let poison = factory.poison();
    let mut values = ValueAtEnd {
        cfg,
        dt,
        known: at_end,
        poison,
    };
    for &(b, phi) in &phis {
        let incoming: Vec<V> = cfg.preds(b).iter().map(|&p| values.get(p)).collect();
        factory.set_incoming(phi, b, &incoming);
    }
    let answers = var
        .uses
        .iter()
        .map(|site| match *site {
            UseSite::PhiOperand { pred } => values.get(pred),
            UseSite::Instruction { block } => values.get(block),
        })
        .collect();
    Ok(Rewrite {
        values: answers,
        phis: phis.into_iter().map(|(_, p)| p).collect(),
    })
}

/// The value at the end of a block: its definition or phi, else its
/// immediate dominator's (LLVM's `computeValueAt`), memoised.
struct ValueAtEnd<'a, V> {
    cfg: &'a Cfg,
    dt: &'a DomTree,
    known: HashMap<Block, V>,
    poison: V,
}

impl<V: Copy> ValueAtEnd<'_, V> {
    fn get(&mut self, block: Block) -> V {
        let mut chain = Vec::new();
        let mut b = block;
        let value = loop {
            if let Some(&v) = self.known.get(&b) {
                break v;
            }
            chain.push(b);
            match self.dt.idom(b) {
                Some(d) if self.dt.is_reachable(b) && b != self.cfg.entry() => b = d,
                _ => break self.poison,
            }
        };
        for c in chain {
            self.known.insert(c, value);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::transforms::ssa_updater::toy::{walks_to, Checker, ToyIr, ToyValue};

    use ToyValue::{Def, Poison};

    #[test]
    fn two_variables_in_one_loop() {
        // entry(0) -> header(1) -> body(2) -> header; header -> exit(3)
        let cfg = Cfg::from_edges(4, &[(0, 1), (1, 2), (1, 3), (2, 1)]);
        let dt = DomTree::compute(&cfg);
        let mut bulk = BulkUpdater::new();
        let i = bulk.add_variable();
        let j = bulk.add_variable();
        bulk.add_available_value(i, 0, Def(1));
        bulk.add_available_value(i, 2, Def(2));
        bulk.add_use(i, UseSite::Instruction { block: 3 });
        bulk.add_use(i, UseSite::Instruction { block: 1 });
        bulk.add_available_value(j, 2, Def(3)); // defined in the body only
        bulk.add_use(j, UseSite::Instruction { block: 3 });
        let mut irs = [ToyIr::default(), ToyIr::default()];
        let mut it = irs.iter_mut();
        let out = bulk.rewrite_all(&cfg, &dt, |_| it.next().unwrap()).unwrap();
        let phi_i = out[0].values[0];
        assert_eq!(out[0].values, vec![phi_i, phi_i]);
        assert_eq!(irs[0].phi(phi_i).incoming, Some(vec![Def(1), Def(2)]));
        let phi_j = out[1].values[0];
        assert_eq!(irs[1].phi(phi_j).incoming, Some(vec![Poison, Def(3)]));
    }

    #[test]
    fn placement_is_pruned() {
        // A diamond whose join does not use the value: no phi.
        let cfg = Cfg::from_edges(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
        let dt = DomTree::compute(&cfg);
        let mut bulk = BulkUpdater::new();
        let v = bulk.add_variable();
        bulk.add_available_value(v, 0, Def(1));
        bulk.add_available_value(v, 1, Def(2));
        bulk.add_use(v, UseSite::PhiOperand { pred: 1 });
        let mut irs = [ToyIr::default()];
        let mut it = irs.iter_mut();
        let out = bulk.rewrite_all(&cfg, &dt, |_| it.next().unwrap()).unwrap();
        assert_eq!(out[0].values, vec![Def(2)]);
        assert!(out[0].phis.is_empty());
    }

    #[test]
    fn a_non_phi_use_in_a_defining_block_is_rejected() {
        let cfg = Cfg::from_edges(2, &[(0, 1)]);
        let dt = DomTree::compute(&cfg);
        let mut bulk = BulkUpdater::new();
        let v = bulk.add_variable();
        bulk.add_available_value(v, 1, Def(1));
        bulk.add_use(v, UseSite::Instruction { block: 1 });
        let mut irs = [ToyIr::default()];
        let mut it = irs.iter_mut();
        assert_eq!(
            bulk.rewrite_all(&cfg, &dt, |_| it.next().unwrap()),
            Err(UpdaterError::UseInDefiningBlock { block: 1 })
        );
    }

    fn arb_case() -> impl Strategy<Value = (Cfg, Vec<Block>, Vec<Block>)> {
        (2usize..9).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n, 1..n), 1..(3 * n)),
                proptest::collection::vec(0..n, 0..4),
                proptest::collection::vec(0..n, 1..4),
            )
                .prop_map(move |(mut edges, defs, uses)| {
                    for b in 1..n {
                        if b % 3 != 0 {
                            edges.push((b - 1, b));
                        }
                    }
                    (Cfg::from_edges(n, &edges), defs, uses)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The bulk answers pass the same checker as the single updater's.
        #[test]
        fn bulk_answers_are_the_reaching_definition((cfg, def_blocks, use_blocks) in arb_case()) {
            let dt = DomTree::compute(&cfg);
            let mut defs: HashMap<Block, ToyValue> = HashMap::new();
            for (i, b) in def_blocks.into_iter().enumerate() {
                defs.entry(b).or_insert(Def(i as u32 + 1));
            }
            let sites: Vec<UseSite> = use_blocks
                .iter()
                .map(|&b| if defs.contains_key(&b) {
                    UseSite::PhiOperand { pred: b }
                } else {
                    UseSite::Instruction { block: b }
                })
                .collect();
            let mut bulk = BulkUpdater::new();
            let v = bulk.add_variable();
            for (&b, &d) in &defs {
                bulk.add_available_value(v, b, d);
            }
            for &s in &sites {
                bulk.add_use(v, s);
            }
            let mut irs = [ToyIr::default()];
            let mut it = irs.iter_mut();
            let out = bulk.rewrite_all(&cfg, &dt, |_| it.next().unwrap()).unwrap();
            let ir = &irs[0];
            let checker = Checker::new(&cfg, &defs);
            for (&site, &answer) in sites.iter().zip(&out[0].values) {
                let (target, at_end) = match site {
                    UseSite::PhiOperand { pred } => (pred, true),
                    UseSite::Instruction { block } => (block, false),
                };
                prop_assert_eq!(checker.check_static(ir, site, answer), Ok(()));
                for path in walks_to(&cfg, target, 13, 30, 25) {
                    prop_assert_eq!(checker.check_path(ir, &path, at_end, answer), Ok(()));
                }
            }
        }
    }
}
