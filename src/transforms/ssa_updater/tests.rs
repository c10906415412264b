//! Unit and property tests of `SsaUpdater` on synthetic CFGs, checked by
//! the toy IR's static (dominance) and dynamic (execution) checker.

use std::collections::HashMap;

use proptest::prelude::*;

use super::toy::{walks_to, Checker, ToyIr, ToyValue};
use super::{SsaUpdater, UpdaterError, UseSite};
use crate::analysis::cfg::{Block, Cfg};

use ToyValue::{Def, Poison};

fn defs_of(list: &[(Block, u32)]) -> HashMap<Block, ToyValue> {
    list.iter().map(|&(b, d)| (b, Def(d))).collect()
}

fn updater<'c>(cfg: &'c Cfg, defs: &HashMap<Block, ToyValue>) -> SsaUpdater<'c, ToyValue> {
    let mut up = SsaUpdater::new(cfg);
    for (&b, &v) in defs {
        up.add_available_value(b, v);
    }
    up
}

/// Checks an answer statically and on 50 random walks to the use.
fn check(cfg: &Cfg, defs: &HashMap<Block, ToyValue>, ir: &ToyIr, site: UseSite, answer: ToyValue) {
    let checker = Checker::new(cfg, defs);
    checker.check_static(ir, site, answer).unwrap();
    let (target, at_end) = match site {
        UseSite::PhiOperand { pred } => (pred, true),
        UseSite::Instruction { block } => (block, false),
    };
    for path in walks_to(cfg, target, 7, 50, 30) {
        checker.check_path(ir, &path, at_end, answer).unwrap();
    }
}

// entry(0) -> a(1), b(2) -> join(3)
fn diamond() -> Cfg {
    Cfg::from_edges(4, &[(0, 1), (0, 2), (1, 3), (2, 3)])
}

#[test]
fn diamond_with_two_definitions_gets_one_phi() {
    let cfg = diamond();
    let defs = defs_of(&[(1, 10), (2, 20)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    let site = UseSite::Instruction { block: 3 };
    let v = up.rewrite_use(site, &mut ir).unwrap();
    assert_eq!(ir.phi(v).block, 3);
    assert_eq!(ir.phi(v).incoming, Some(vec![Def(10), Def(20)]));
    check(&cfg, &defs, &ir, site, v);
    // A second query reuses the cached phi.
    assert_eq!(up.rewrite_use(site, &mut ir).unwrap(), v);
    assert_eq!(up.inserted_phis().len(), 1);
}

#[test]
fn diamond_with_one_arm_defining_merges_with_the_entry_value() {
    let cfg = diamond();
    let defs = defs_of(&[(0, 1), (1, 10)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    let v = up.value_at_end_of_block(3, &mut ir);
    assert_eq!(ir.phi(v).incoming, Some(vec![Def(10), Def(1)]));
    check(&cfg, &defs, &ir, UseSite::PhiOperand { pred: 3 }, v);
    // The untouched arm sees the entry's value, with no phi.
    assert_eq!(up.value_at_end_of_block(2, &mut ir), Def(1));
}

#[test]
fn a_dominating_definition_needs_no_phi() {
    let cfg = diamond();
    let defs = defs_of(&[(0, 1)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    assert_eq!(
        up.rewrite_use(UseSite::Instruction { block: 3 }, &mut ir),
        Ok(Def(1))
    );
    assert!(ir.phis.is_empty());
}

// entry(0) -> header(1) -> body(2) -> header; header -> exit(3)
fn while_loop() -> Cfg {
    Cfg::from_edges(4, &[(0, 1), (1, 2), (1, 3), (2, 1)])
}

#[test]
fn loop_carried_definition_gets_a_header_phi() {
    let cfg = while_loop();
    let defs = defs_of(&[(0, 1), (2, 2)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    let in_header = up
        .rewrite_use(UseSite::Instruction { block: 1 }, &mut ir)
        .unwrap();
    assert_eq!(ir.phi(in_header).block, 1);
    assert_eq!(ir.phi(in_header).incoming, Some(vec![Def(1), Def(2)]));
    check(
        &cfg,
        &defs,
        &ir,
        UseSite::Instruction { block: 1 },
        in_header,
    );
    let after = up
        .rewrite_use(UseSite::Instruction { block: 3 }, &mut ir)
        .unwrap();
    assert_eq!(after, in_header);
    check(&cfg, &defs, &ir, UseSite::Instruction { block: 3 }, after);
}

#[test]
fn definition_inside_a_loop_used_after_it_is_poison_when_the_loop_is_skipped() {
    let cfg = while_loop();
    let defs = defs_of(&[(2, 2)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    let site = UseSite::Instruction { block: 3 };
    let v = up.rewrite_use(site, &mut ir).unwrap();
    assert_eq!(ir.phi(v).block, 1);
    assert_eq!(ir.phi(v).incoming, Some(vec![Poison, Def(2)]));
    check(&cfg, &defs, &ir, site, v);
}

#[test]
fn a_use_no_definition_reaches_is_poison_and_creates_nothing() {
    let cfg = while_loop();
    let defs = HashMap::new();
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    assert_eq!(
        up.rewrite_use(UseSite::Instruction { block: 3 }, &mut ir),
        Ok(Poison)
    );
    assert_eq!(up.value_in_middle_of_block(1, &mut ir), Poison);
    assert!(ir.phis.is_empty());
}

#[test]
fn unreachable_blocks_read_poison() {
    // 0 -> 1; 2 -> 3 -> 2 (unreachable cycle) and 3 -> 1
    let cfg = Cfg::from_edges(4, &[(0, 1), (2, 3), (3, 2), (3, 1)]);
    let defs = defs_of(&[(0, 5)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    assert_eq!(up.value_at_end_of_block(2, &mut ir), Poison);
    // The unreachable edge into the join contributes nothing: no phi.
    assert_eq!(up.value_at_end_of_block(1, &mut ir), Def(5));
    assert!(ir.phis.is_empty());
    // A real merge fills the unreachable edge's entry with poison.
    let defs = defs_of(&[(0, 5), (2, 6), (4, 7)]);
    let cfg = Cfg::from_edges(6, &[(0, 1), (0, 4), (4, 1), (2, 3), (3, 2), (3, 1), (1, 5)]);
    let mut up = updater(&cfg, &defs);
    let v = up.value_at_end_of_block(5, &mut ir);
    assert_eq!(ir.phi(v).incoming, Some(vec![Def(5), Def(7), Poison]));
    check(&cfg, &defs, &ir, UseSite::Instruction { block: 5 }, v);
}

#[test]
fn an_existing_phi_with_the_same_incoming_values_is_reused() {
    let cfg = diamond();
    let defs = defs_of(&[(1, 10), (2, 20)]);
    let mut ir = ToyIr::default();
    let other = ir.plant_phi(3, vec![Def(20), Def(10)]); // wrong order: no match
    let planted = ir.plant_phi(3, vec![Def(10), Def(20)]);
    let mut up = updater(&cfg, &defs);
    assert_eq!(up.value_at_end_of_block(3, &mut ir), planted);
    assert_ne!(planted, other);
    assert!(up.inserted_phis().is_empty());
    assert_eq!(ir.phis.len(), 2);
}

#[test]
fn an_existing_web_of_loop_phis_is_reused_whole() {
    // entry(0) -> outer(1) -> inner(2) -> ibody(3) -> inner;
    // inner -> olatch(4) -> outer; outer -> exit(5). Defs: entry, ibody.
    let cfg = Cfg::from_edges(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (2, 4), (4, 1), (1, 5)]);
    let defs = defs_of(&[(0, 1), (3, 2)]);
    // outer = phi [1, entry], [inner, olatch]; inner = phi [outer, outer], [2, ibody]
    let (outer, inner) = (ToyValue::Phi(0), ToyValue::Phi(1));
    let mut ir = ToyIr::default();
    ir.plant_phi(1, vec![Def(1), inner]);
    ir.plant_phi(2, vec![outer, Def(2)]);
    let mut up = updater(&cfg, &defs);
    assert_eq!(up.value_at_end_of_block(5, &mut ir), outer);
    assert!(up.inserted_phis().is_empty());
    // The web was adopted whole: the inner phi is known too.
    assert_eq!(up.value_at_end_of_block(4, &mut ir), inner);
    assert!(up.inserted_phis().is_empty());
    check(&cfg, &defs, &ir, UseSite::Instruction { block: 5 }, outer);

    // A web with a wrong operand is not adopted: two new phis instead.
    let mut ir2 = ToyIr::default();
    ir2.plant_phi(1, vec![Def(1), Def(2)]);
    ir2.plant_phi(2, vec![ToyValue::Phi(0), Def(2)]);
    let mut up2 = updater(&cfg, &defs);
    let v = up2.value_at_end_of_block(5, &mut ir2);
    assert_eq!(up2.inserted_phis().len(), 2);
    assert_ne!(v, ToyValue::Phi(0));
    // (Only dynamically: the planted wrong phis fail the static check.)
    let checker = Checker::new(&cfg, &defs);
    for path in walks_to(&cfg, 5, 5, 30, 30) {
        checker.check_path(&ir2, &path, false, v).unwrap();
    }
}

#[test]
fn value_in_middle_of_a_self_loop_merges_entry_and_back_edge() {
    // 0 -> 1 -> 1, 1 -> 2; defs in 0 and 1
    let cfg = Cfg::from_edges(3, &[(0, 1), (1, 1), (1, 2)]);
    let defs = defs_of(&[(0, 1), (1, 2)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    let v = up.value_in_middle_of_block(1, &mut ir);
    assert_eq!(ir.phi(v).incoming, Some(vec![Def(1), Def(2)]));
    // Asking again reuses the phi just made (it is an existing phi now).
    assert_eq!(up.value_in_middle_of_block(1, &mut ir), v);
    assert_eq!(up.inserted_phis().len(), 1);
    let checker = Checker::new(&cfg, &defs);
    for path in walks_to(&cfg, 1, 3, 20, 10) {
        checker.check_path(&ir, &path, false, v).unwrap();
    }
}

#[test]
fn a_non_phi_use_in_a_defining_block_is_rejected() {
    let cfg = while_loop();
    let defs = defs_of(&[(0, 1), (2, 2)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    assert_eq!(
        up.rewrite_use(UseSite::Instruction { block: 2 }, &mut ir),
        Err(UpdaterError::UseInDefiningBlock { block: 2 })
    );
    // As a phi operand the same block is fine: the value at its end.
    assert_eq!(
        up.rewrite_use(UseSite::PhiOperand { pred: 2 }, &mut ir),
        Ok(Def(2))
    );
}

#[test]
fn the_seeds_rotated_loop() {
    // After rotating rot.ll: entry(0, %sq clone) -> body.lr.ph(1) -> body(2)
    // -> header(3, %sq) -> body | exit(4); entry -> exit.
    let cfg = Cfg::from_edges(5, &[(0, 1), (0, 4), (1, 2), (2, 3), (3, 2), (3, 4)]);
    let defs = defs_of(&[(0, 0), (3, 1)]);
    let mut ir = ToyIr::default();
    let mut up = updater(&cfg, &defs);
    let in_body = up
        .rewrite_use(UseSite::Instruction { block: 2 }, &mut ir)
        .unwrap();
    assert_eq!(ir.phi(in_body).block, 2);
    assert_eq!(ir.phi(in_body).incoming, Some(vec![Def(0), Def(1)]));
    let in_exit = up
        .rewrite_use(UseSite::Instruction { block: 4 }, &mut ir)
        .unwrap();
    assert_eq!(ir.phi(in_exit).block, 4);
    assert_eq!(ir.phi(in_exit).incoming, Some(vec![Def(0), Def(1)]));
    check(&cfg, &defs, &ir, UseSite::Instruction { block: 2 }, in_body);
    check(&cfg, &defs, &ir, UseSite::Instruction { block: 4 }, in_exit);
}

/// A random CFG on `n` blocks (entry 0), definitions in some blocks, and
/// a use block; edges may make blocks unreachable or add self-loops.
fn arb_case() -> impl Strategy<Value = (Cfg, Vec<(Block, u32)>, Vec<Block>)> {
    (2usize..9).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n), 1..(3 * n)),
            proptest::collection::vec(0..n, 0..4),
            proptest::collection::vec(0..n, 1..4),
        )
            .prop_map(move |(mut edges, def_blocks, uses)| {
                // A spine keeps most blocks reachable.
                for b in 1..n {
                    if b % 3 != 0 {
                        edges.push((b - 1, b));
                    }
                }
                let edges: Vec<_> = edges.into_iter().filter(|&(_, t)| t != 0).collect();
                let cfg = Cfg::from_edges(n, &edges);
                let mut defs: Vec<(Block, u32)> = Vec::new();
                for (i, b) in def_blocks.into_iter().enumerate() {
                    if !defs.iter().any(|&(d, _)| d == b) {
                        defs.push((b, i as u32 + 1));
                    }
                }
                (cfg, defs, uses)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Theorem 16.4.10 on random CFGs: every answer is defined where used
    /// and evaluates to the last definition on random executions; queries
    /// in a row share phis correctly.
    #[test]
    fn answers_are_the_reaching_definition((cfg, defs, uses) in arb_case()) {
        let defs = defs_of(&defs);
        let mut ir = ToyIr::default();
        let mut up = updater(&cfg, &defs);
        let mut answers = Vec::new();
        for &u in &uses {
            let site = if defs.contains_key(&u) {
                UseSite::PhiOperand { pred: u }
            } else {
                UseSite::Instruction { block: u }
            };
            answers.push((site, up.rewrite_use(site, &mut ir).unwrap()));
            let middle = up.value_in_middle_of_block(u, &mut ir);
            answers.push((UseSite::Instruction { block: u }, middle));
        }
        let checker = Checker::new(&cfg, &defs);
        for (site, v) in answers {
            let (target, at_end) = match site {
                UseSite::PhiOperand { pred } => (pred, true),
                UseSite::Instruction { block } => (block, false),
            };
            prop_assert_eq!(checker.check_static(&ir, site, v), Ok(()));
            for path in walks_to(&cfg, target, 11, 30, 25) {
                prop_assert_eq!(checker.check_path(&ir, &path, at_end, v), Ok(()));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `index_densely` changes how a query indexes its blocks, nothing it
    /// answers: a dense and a hash-map updater asked the same blocks make
    /// the same phis, with the same incoming values, and the same answers.
    #[test]
    fn a_dense_index_answers_as_the_map((cfg, defs, uses) in arb_case()) {
        let defs = defs_of(&defs);
        let (mut map_ir, mut dense_ir) = (ToyIr::default(), ToyIr::default());
        let map_answers = updater(&cfg, &defs).values_in_middle_of_blocks(&uses, &mut map_ir);
        let dense_answers = updater(&cfg, &defs)
            .index_densely()
            .values_in_middle_of_blocks(&uses, &mut dense_ir);
        prop_assert_eq!(map_answers, dense_answers);
        let incoming = |ir: &ToyIr| -> Vec<_> {
            ir.phis.iter().map(|p| (p.block, p.incoming.clone())).collect()
        };
        prop_assert_eq!(incoming(&map_ir), incoming(&dense_ir));
    }
}
