//! A toy IR for testing the updaters without LLVM: values are definitions
//! (numbered by the test), phis (made by the updater or planted by the
//! test) and poison. `Checker` verifies Theorem 16.4.10 on a given answer:
//! statically (every definition used dominates its use) and dynamically
//! (executing walks through the CFG, the answer evaluates to the last
//! definition executed).

use std::collections::HashMap;

use super::{ExistingPhi, PhiFactory, UseSite};
use crate::analysis::cfg::{Block, Cfg};
use crate::analysis::dominators::DomTree;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToyValue {
    Def(u32),
    Phi(usize),
    Poison,
}

#[derive(Clone, Debug)]
pub struct ToyPhi {
    pub block: Block,
    /// `None` while the updater has created but not filled it.
    pub incoming: Option<Vec<ToyValue>>,
}

#[derive(Clone, Debug, Default)]
pub struct ToyIr {
    pub phis: Vec<ToyPhi>,
}

impl ToyIr {
    /// Plants a complete phi, as if it had been in the program before.
    pub fn plant_phi(&mut self, block: Block, incoming: Vec<ToyValue>) -> ToyValue {
        self.phis.push(ToyPhi {
            block,
            incoming: Some(incoming),
        });
        ToyValue::Phi(self.phis.len() - 1)
    }

    pub fn phi(&self, v: ToyValue) -> &ToyPhi {
        match v {
            ToyValue::Phi(i) => &self.phis[i],
            _ => panic!("{v:?} is not a phi"),
        }
    }
}

impl PhiFactory for ToyIr {
    type Value = ToyValue;

    fn poison(&mut self) -> ToyValue {
        ToyValue::Poison
    }

    fn existing_phis(&mut self, block: Block) -> Vec<ExistingPhi<ToyValue>> {
        self.phis
            .iter()
            .enumerate()
            .filter(|(_, p)| p.block == block)
            .filter_map(|(i, p)| {
                p.incoming.as_ref().map(|inc| ExistingPhi {
                    phi: ToyValue::Phi(i),
                    incoming: inc.clone(),
                })
            })
            .collect()
    }

    fn create_phi(&mut self, block: Block) -> ToyValue {
        self.phis.push(ToyPhi {
            block,
            incoming: None,
        });
        ToyValue::Phi(self.phis.len() - 1)
    }

    fn set_incoming(&mut self, phi: ToyValue, block: Block, incoming: &[ToyValue]) {
        let ToyValue::Phi(i) = phi else {
            panic!("not a phi")
        };
        assert_eq!(self.phis[i].block, block);
        assert!(self.phis[i].incoming.is_none(), "phi filled twice");
        self.phis[i].incoming = Some(incoming.to_vec());
    }
}

/// Checks answers against the definitions `defs` (block -> value defined
/// there, the value at the end of that block).
pub struct Checker<'a> {
    pub cfg: &'a Cfg,
    pub defs: &'a HashMap<Block, ToyValue>,
    dt: DomTree,
}

impl<'a> Checker<'a> {
    pub fn new(cfg: &'a Cfg, defs: &'a HashMap<Block, ToyValue>) -> Self {
        Checker {
            cfg,
            defs,
            dt: DomTree::compute(cfg),
        }
    }

    fn def_block(&self, ir: &ToyIr, v: ToyValue) -> Option<Block> {
        match v {
            ToyValue::Def(_) => self.defs.iter().find(|(_, &d)| d == v).map(|(&b, _)| b),
            ToyValue::Phi(i) => Some(ir.phis[i].block),
            ToyValue::Poison => None,
        }
    }

    /// Static half: every phi is complete, and every value a phi or the
    /// answer uses is defined in a block dominating the point of use
    /// (checked for reachable blocks only).
    pub fn check_static(&self, ir: &ToyIr, site: UseSite, answer: ToyValue) -> Result<(), String> {
        for (i, phi) in ir.phis.iter().enumerate() {
            let inc = phi.incoming.as_ref().ok_or(format!("phi {i} left empty"))?;
            let preds = self.cfg.preds(phi.block);
            if inc.len() != preds.len() {
                return Err(format!(
                    "phi {i}: {} incoming for {} preds",
                    inc.len(),
                    preds.len()
                ));
            }
            for (&v, &p) in inc.iter().zip(preds) {
                self.check_dominates(ir, v, p, true)?;
            }
        }
        match site {
            UseSite::PhiOperand { pred } => self.check_dominates(ir, answer, pred, true),
            UseSite::Instruction { block } => self.check_dominates(ir, answer, block, false),
        }
    }

    /// `v` must be available at the end of `at` (`at_end`) or on entry to it.
    fn check_dominates(
        &self,
        ir: &ToyIr,
        v: ToyValue,
        at: Block,
        at_end: bool,
    ) -> Result<(), String> {
        if !self.dt.is_reachable(at) {
            return Ok(());
        }
        let Some(d) = self.def_block(ir, v) else {
            return Ok(());
        };
        let is_phi = matches!(v, ToyValue::Phi(_));
        // A definition (value at the end of its block) is usable at the end
        // of its own block; a phi also on entry.
        let ok = if d == at {
            at_end || is_phi
        } else {
            self.dt.dominates(d, at)
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{v:?} (block {d}) does not dominate its use at block {at}"
            ))
        }
    }

    /// Dynamic half: executes `path` (starting at the entry, following
    /// edges), evaluating phis on each edge, and compares the answer with
    /// the last definition executed before the use. The use is at the end
    /// of the last block when `use_at_end`, else on entry to it.
    pub fn check_path(
        &self,
        ir: &ToyIr,
        path: &[Block],
        use_at_end: bool,
        answer: ToyValue,
    ) -> Result<(), String> {
        let mut env: HashMap<usize, ToyValue> = HashMap::new();
        let mut last_def = ToyValue::Poison;
        for (j, &b) in path.iter().enumerate() {
            if j > 0 {
                let from = path[j - 1];
                let slot = self
                    .cfg
                    .preds(b)
                    .iter()
                    .position(|&p| p == from)
                    .ok_or("not an edge")?;
                let mut updates = Vec::new();
                for (i, phi) in ir.phis.iter().enumerate() {
                    if phi.block == b {
                        let inc = phi.incoming.as_ref().ok_or("empty phi executed")?;
                        updates.push((i, resolve(&env, inc[slot])?));
                    }
                }
                env.extend(updates);
            }
            let last = j + 1 == path.len();
            if !last || use_at_end {
                if let Some(&d) = self.defs.get(&b) {
                    last_def = d;
                }
            }
        }
        let got = resolve(&env, answer)?;
        if got == last_def {
            Ok(())
        } else {
            Err(format!(
                "path {path:?}: answer evaluates to {got:?}, last definition was {last_def:?}"
            ))
        }
    }
}

fn resolve(env: &HashMap<usize, ToyValue>, v: ToyValue) -> Result<ToyValue, String> {
    match v {
        ToyValue::Phi(i) => env
            .get(&i)
            .copied()
            .ok_or(format!("phi {i} read before it was executed")),
        other => Ok(other),
    }
}

/// A tiny deterministic generator (xorshift) for random walks.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random walks from the entry; every prefix ending at `target` is yielded.
pub fn walks_to(cfg: &Cfg, target: Block, seed: u64, walks: usize, len: usize) -> Vec<Vec<Block>> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    for _ in 0..walks {
        let mut path = vec![cfg.entry()];
        if target == cfg.entry() {
            out.push(path.clone());
        }
        for _ in 0..len {
            let b = *path.last().unwrap();
            let succs = cfg.succs(b);
            if succs.is_empty() {
                break;
            }
            path.push(succs[rng.below(succs.len())]);
            if *path.last().unwrap() == target {
                out.push(path.clone());
            }
        }
    }
    out
}
