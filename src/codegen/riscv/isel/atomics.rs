//! Atomic memory accesses: `load atomic`, `store atomic`, `atomicrmw`,
//! `cmpxchg` and `fence`.
//!
//! Follows the RISC-V ISA manual's memory-model mapping (Table A.6,
//! "Mappings from C/C++ primitives to RISC-V primitives") as LLVM's RISC-V
//! back end does: atomic loads and stores are plain accesses between the
//! fences of `atomic_seq::Order::{load,store}_fences`; read-modify-writes
//! are AMOs where the A extension has one (`amoswap`, `amoadd` — `sub`
//! negates first —, `amoand`/`amoor`/`amoxor`, `amomin[u]`/`amomax[u]`,
//! 32 and 64 bits), i8/i16 `and`/`or`/`xor` are AMOs on the containing
//! word, and everything else is an LR/SC loop (`nand`; every other i8/i16
//! operation, masked; `cmpxchg`; the FP operations as a compare-and-swap
//! loop). The sequences themselves live in `atomic_seq` (one `Inst::Seq`
//! each, expanded after allocation). A weak `cmpxchg` is lowered as a
//! strong one (allowed: a weak exchange may, not must, fail spuriously).
//! `syncscope("singlethread")` fences need no instruction; other
//! single-thread accesses keep their fences (stronger, still correct).

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMAtomicRMWBinOp};

use super::super::atomic_seq::{Order, RmwOp, Seq};
use super::super::mir::*;
use super::{Lowerer, Result, Ty};

/// The order of an atomic instruction; None when it is not atomic.
fn order_of(o: LLVMAtomicOrdering) -> Option<Order> {
    use LLVMAtomicOrdering::*;
    Some(match o {
        LLVMAtomicOrderingNotAtomic => return None,
        LLVMAtomicOrderingUnordered | LLVMAtomicOrderingMonotonic => Order::Relaxed,
        LLVMAtomicOrderingAcquire => Order::Acquire,
        LLVMAtomicOrderingRelease => Order::Release,
        LLVMAtomicOrderingAcquireRelease => Order::AcqRel,
        LLVMAtomicOrderingSequentiallyConsistent => Order::SeqCst,
    })
}

impl Lowerer {
    /// Whether a load or store is atomic.
    pub(super) unsafe fn is_atomic(&self, inst: LLVMValueRef) -> bool {
        order_of(LLVMGetOrdering(inst)).is_some()
    }

    /// Emits `seq` reading `uses`; returns its results, each copied into a
    /// fresh register so that the sequence's own defs live for one
    /// instruction only (short intervals are never spilled, which the
    /// early-clobber rule needs).
    fn seq(&mut self, seq: Seq, uses: Vec<VReg>) -> Vec<VReg> {
        let classes = seq.def_classes();
        let n = seq.results();
        let defs: Vec<VReg> = classes.iter().map(|&c| self.new_vreg(c)).collect();
        self.push(Inst::Seq {
            seq: Box::new(seq),
            defs: defs.clone(),
            uses,
        });
        (0..n)
            .map(|k| {
                let r = self.new_vreg(classes[k]);
                self.push(Inst::Mv { rd: r, rs: defs[k] });
                r
            })
            .collect()
    }

    fn fence(&mut self, order: Option<Order>) {
        if let Some(o) = order {
            self.seq(Seq::Fence(o), vec![]);
        }
    }

    /// The width in bits of an atomic access of `ty`, if it is one the A
    /// extension (with the masked word sequences) can do.
    fn atomic_bits(ty: Ty) -> Option<u32> {
        match ty {
            Ty::Int(b @ (8 | 16 | 32 | 64)) => Some(b),
            Ty::F32 => Some(32),
            Ty::F64 => Some(64),
            _ => None,
        }
    }

    pub(super) unsafe fn atomic_load(&mut self, inst: LLVMValueRef) -> Result<()> {
        let order = order_of(LLVMGetOrdering(inst)).expect("atomic");
        let ty = self.ty_of(inst, inst)?;
        Self::atomic_bits(ty).ok_or_else(|| self.unsupported(inst))?;
        let (base, off) = self.address(LLVMGetOperand(inst, 0), inst)?;
        let (before, after) = order.load_fences();
        self.fence(before);
        let rd = self.load_scalar(ty, base, off);
        self.fence(after);
        self.def(inst, rd);
        Ok(())
    }

    pub(super) unsafe fn atomic_store(&mut self, inst: LLVMValueRef) -> Result<()> {
        let order = order_of(LLVMGetOrdering(inst)).expect("atomic");
        let v = LLVMGetOperand(inst, 0);
        let ty = self.ty_of(v, inst)?;
        Self::atomic_bits(ty).ok_or_else(|| self.unsupported(inst))?;
        let src = self.val(v, inst)?;
        let (base, off) = self.address(LLVMGetOperand(inst, 1), inst)?;
        let (before, after) = order.store_fences();
        self.fence(before);
        self.store_scalar(ty, src, base, off);
        self.fence(after);
        Ok(())
    }

    pub(super) unsafe fn fence_inst(&mut self, inst: LLVMValueRef) -> Result<()> {
        let order = order_of(LLVMGetOrdering(inst)).ok_or_else(|| self.unsupported(inst))?;
        if LLVMIsAtomicSingleThread(inst) == 0 {
            self.fence(Some(order));
        }
        Ok(())
    }

    pub(super) unsafe fn atomic_rmw(&mut self, inst: LLVMValueRef) -> Result<()> {
        use LLVMAtomicRMWBinOp::*;
        let order = order_of(LLVMGetOrdering(inst)).ok_or_else(|| self.unsupported(inst))?;
        let ty = self.ty_of(inst, inst)?;
        let bits = Self::atomic_bits(ty).ok_or_else(|| self.unsupported(inst))?;
        let op = LLVMGetAtomicRMWBinOp(inst);
        let p = self.val(LLVMGetOperand(inst, 0), inst)?;
        let mut v = self.val(LLVMGetOperand(inst, 1), inst)?;
        let double = bits == 64;
        if matches!(ty, Ty::F32 | Ty::F64) {
            let fop = match (op, double) {
                (LLVMAtomicRMWBinOpFAdd, false) => "fadd.s",
                (LLVMAtomicRMWBinOpFAdd, true) => "fadd.d",
                (LLVMAtomicRMWBinOpFSub, false) => "fsub.s",
                (LLVMAtomicRMWBinOpFSub, true) => "fsub.d",
                (LLVMAtomicRMWBinOpFMax, false) => "fmax.s",
                (LLVMAtomicRMWBinOpFMax, true) => "fmax.d",
                (LLVMAtomicRMWBinOpFMin, false) => "fmin.s",
                (LLVMAtomicRMWBinOpFMin, true) => "fmin.d",
                (LLVMAtomicRMWBinOpXchg, _) => {
                    // The bit pattern, exchanged as an integer.
                    let (to, from) = if double {
                        ("fmv.x.d", "fmv.d.x")
                    } else {
                        ("fmv.x.w", "fmv.w.x")
                    };
                    let bitsv = self.unary(to, Class::Int, v);
                    let old = self.seq(
                        Seq::Amo {
                            op: "swap",
                            double,
                            order,
                        },
                        vec![p, bitsv],
                    )[0];
                    let r = self.unary(from, Class::Float, old);
                    self.def(inst, r);
                    return Ok(());
                }
                _ => return Err(self.unsupported(inst)),
            };
            let r = self.seq(
                Seq::FloatRmw {
                    op: fop,
                    double,
                    order,
                },
                vec![p, v],
            )[0];
            self.def(inst, r);
            return Ok(());
        }
        let word = bits >= 32;
        let amo = match op {
            LLVMAtomicRMWBinOpXchg if word => Some("swap"),
            LLVMAtomicRMWBinOpAdd | LLVMAtomicRMWBinOpSub if word => Some("add"),
            LLVMAtomicRMWBinOpAnd => Some("and"),
            LLVMAtomicRMWBinOpOr => Some("or"),
            LLVMAtomicRMWBinOpXor => Some("xor"),
            LLVMAtomicRMWBinOpMax if word => Some("max"),
            LLVMAtomicRMWBinOpMin if word => Some("min"),
            LLVMAtomicRMWBinOpUMax if word => Some("maxu"),
            LLVMAtomicRMWBinOpUMin if word => Some("minu"),
            _ => None,
        };
        let old = match amo {
            Some(a) if word => {
                if op == LLVMAtomicRMWBinOpSub {
                    v = self.unary("neg", Class::Int, v);
                }
                self.seq(
                    Seq::Amo {
                        op: a,
                        double,
                        order,
                    },
                    vec![p, v],
                )[0]
            }
            Some(a) => self.seq(Seq::MaskedAmo { op: a, bits, order }, vec![p, v])[0],
            None => {
                let rop = match op {
                    LLVMAtomicRMWBinOpXchg => RmwOp::Xchg,
                    LLVMAtomicRMWBinOpAdd => RmwOp::Add,
                    LLVMAtomicRMWBinOpSub => RmwOp::Sub,
                    LLVMAtomicRMWBinOpNand => RmwOp::Nand,
                    LLVMAtomicRMWBinOpMax => RmwOp::Max,
                    LLVMAtomicRMWBinOpMin => RmwOp::Min,
                    LLVMAtomicRMWBinOpUMax => RmwOp::UMax,
                    LLVMAtomicRMWBinOpUMin => RmwOp::UMin,
                    _ => return Err(self.unsupported(inst)),
                };
                let seq = if word {
                    Seq::LrSc {
                        op: rop,
                        double,
                        order,
                    }
                } else {
                    Seq::MaskedLrSc {
                        op: rop,
                        bits,
                        order,
                    }
                };
                self.seq(seq, vec![p, v])[0]
            }
        };
        // lr.w/amo*.w sign-extend (canonical i32); sub-word results are the
        // word shifted down, re-extended here.
        let r = if word { old } else { self.sext_from(old, bits) };
        self.def(inst, r);
        Ok(())
    }

    pub(super) unsafe fn cmpxchg(&mut self, inst: LLVMValueRef) -> Result<()> {
        let success = order_of(LLVMGetCmpXchgSuccessOrdering(inst));
        let failure = order_of(LLVMGetCmpXchgFailureOrdering(inst));
        let (Some(s), Some(f)) = (success, failure) else {
            return Err(self.unsupported(inst));
        };
        let order = s.merge(f);
        let c = LLVMGetOperand(inst, 1);
        let ty = self.ty_of(c, inst)?;
        let bits = match ty {
            Ty::Int(b @ (8 | 16 | 32 | 64)) => b,
            _ => return Err(self.unsupported(inst)),
        };
        let p = self.val(LLVMGetOperand(inst, 0), inst)?;
        let cmp = self.val(c, inst)?;
        let new = self.val(LLVMGetOperand(inst, 2), inst)?;
        let seq = if bits >= 32 {
            Seq::CmpXchg {
                double: bits == 64,
                order,
            }
        } else {
            Seq::MaskedCmpXchg { bits, order }
        };
        let res = self.seq(seq, vec![p, cmp, new]);
        let old = if bits >= 32 {
            res[0]
        } else {
            self.sext_from(res[0], bits)
        };
        self.def_agg(inst, vec![old, res[1]]);
        Ok(())
    }
}
