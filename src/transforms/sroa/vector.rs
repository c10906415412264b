//! Vector promotion of one partition: when the partition is read and
//! written as a vector (clang passes `struct { float x, y; }` as
//! `<2 x float>`) and every other access touches whole elements, the new
//! alloca gets the vector type and each access becomes a whole-vector load
//! or store with `extractelement`/`insertelement` (or a `shufflevector` for
//! a run of elements), so the alloca is promotable.
//!
//! This follows LLVM 19's `isVectorPromotionViable` and
//! `checkVectorTypeForPromotion` (`llvm/lib/Transforms/Scalar/SROA.cpp`):
//! 1. Candidates are the vector types of the loads and stores that cover
//!    the whole partition (a candidate of another bit width than the first
//!    empties the list, as LLVM's does). Each scalar load/store type `T`
//!    also proposes `<size / |T| x T>` for every candidate whose size it
//!    divides (unless `T` is as wide as the vector or as its element).
//!    Scalar pointer types accessing part of the partition are only tried
//!    in a second round, when the first finds nothing.
//! 2. With one element type, the first candidate is the only one; with
//!    several, a vector of pointers wins if there is exactly one; otherwise
//!    every candidate becomes an integer vector of its element width and
//!    they are tried from fewest to most elements.
//! 3. A candidate `<n x E>` is viable when `|E|` is a whole number of
//!    bytes and every access (the partition's own and the split tails of
//!    copies running into it) covers whole elements `[b, e)`, and a load or
//!    store of type `T` there converts to `E` (one element) or `<e-b x E>`
//!    (`can_convert`, LLVM's `canConvertValue`); loads and stores of
//!    aggregates rule vector promotion out.
//!
//! Everything here is plain data: LLVM types are described by `Shape` at
//! the edge (`rewrite`), so the choice is unit-tested without LLVM.
//! More conservative than LLVM (then the partition just stays in memory):
//! pointers convert only to and from scalar integers and pointers of
//! address space 0 (never to or from vectors), `x86_fp80`/`ppc_fp128` and
//! integers wider than 128 bits are never elements.

/// A scalar type that can be a vector element here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    Fp128,
    /// A pointer of address space 0.
    Ptr,
}

impl Elem {
    pub fn bits(self, ptr_bits: u64) -> u64 {
        match self {
            Elem::Int(w) => w as u64,
            Elem::Half | Elem::BFloat => 16,
            Elem::Float => 32,
            Elem::Double => 64,
            Elem::Fp128 => 128,
            Elem::Ptr => ptr_bits,
        }
    }
}

/// A fixed vector type `<n x elem>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VectorTy {
    pub elem: Elem,
    pub n: u32,
}

impl VectorTy {
    pub fn bits(self, ptr_bits: u64) -> u64 {
        self.n as u64 * self.elem.bits(ptr_bits)
    }
}

/// What vector promotion needs to know of a loaded or stored type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Scalar(Elem),
    Vector(VectorTy),
    /// A struct or array: rules vector promotion out.
    Aggregate,
    /// Anything else (i1 vectors are `Vector`; this is e.g. `x86_fp80`).
    Other,
}

impl Shape {
    /// Size in bits of a single-value type; `None` for the others.
    fn bits(self, ptr_bits: u64) -> Option<u64> {
        match self {
            Shape::Scalar(e) => Some(e.bits(ptr_bits)),
            Shape::Vector(v) => Some(v.bits(ptr_bits)),
            Shape::Aggregate | Shape::Other => None,
        }
    }

    fn scalar(self) -> Option<Elem> {
        match self {
            Shape::Scalar(e) => Some(e),
            Shape::Vector(v) => Some(v.elem),
            Shape::Aggregate | Shape::Other => None,
        }
    }
}

/// How one access touches the partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Load(Shape),
    Store(Shape),
    /// A piece of a `memcpy`/`memmove`/`memset` (non-volatile: `slices`
    /// leaves volatile ones alone).
    Intrinsic,
}

/// One access, at bytes `[begin, end)` relative to the partition's start
/// (already clipped to the partition for split copies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    pub begin: u64,
    pub end: u64,
    pub kind: Kind,
}

/// Whether a value of type `old` can be turned into one of type `new` by
/// a bitcast, `ptrtoint` or `inttoptr` (LLVM's `canConvertValue`, minus the
/// pointer/vector mixes, see the module doc).
pub fn can_convert(old: Shape, new: Shape, ptr_bits: u64) -> bool {
    if old == new {
        return true;
    }
    if let (Shape::Scalar(Elem::Int(_)), Shape::Scalar(Elem::Int(_))) = (old, new) {
        return false; // different widths
    }
    let (Some(old_bits), Some(new_bits)) = (old.bits(ptr_bits), new.bits(ptr_bits)) else {
        return false;
    };
    if old_bits != new_bits {
        return false;
    }
    let (Some(os), Some(ns)) = (old.scalar(), new.scalar()) else {
        return false;
    };
    if os == Elem::Ptr || ns == Elem::Ptr {
        let both_scalar = matches!((old, new), (Shape::Scalar(_), Shape::Scalar(_)));
        return both_scalar
            && match (os, ns) {
                (Elem::Ptr, Elem::Ptr) | (Elem::Int(_), Elem::Ptr) | (Elem::Ptr, Elem::Int(_)) => {
                    true
                }
                _ => false, // a float to or from a pointer
            };
    }
    true
}

/// The candidate list and what LLVM tracks alongside it.
struct Candidates {
    tys: Vec<VectorTy>,
    common_elem: Option<Elem>,
    have_common_elem: bool,
    have_vec_ptr: bool,
    common_vec_ptr: Option<VectorTy>,
    have_common_vec_ptr: bool,
    ptr_bits: u64,
}

impl Candidates {
    fn new(ptr_bits: u64) -> Self {
        Candidates {
            tys: Vec::new(),
            common_elem: None,
            have_common_elem: true,
            have_vec_ptr: false,
            common_vec_ptr: None,
            have_common_vec_ptr: true,
            ptr_bits,
        }
    }

    /// LLVM's `CheckCandidateType`.
    fn add(&mut self, v: VectorTy) {
        if let Some(first) = self.tys.first() {
            if first.bits(self.ptr_bits) != v.bits(self.ptr_bits) {
                self.tys.clear();
                return;
            }
        }
        self.tys.push(v);
        match self.common_elem {
            None => self.common_elem = Some(v.elem),
            Some(e) if e != v.elem => self.have_common_elem = false,
            Some(_) => {}
        }
        if v.elem == Elem::Ptr {
            self.have_vec_ptr = true;
            match self.common_vec_ptr {
                None => self.common_vec_ptr = Some(v),
                Some(c) if c != v => self.have_common_vec_ptr = false,
                Some(_) => {}
            }
        }
    }

    /// LLVM's `createAndCheckVectorTypesForPromotion`: scalar access types
    /// propose vectors of themselves, then the candidates are ranked and
    /// checked.
    fn propose_and_check(
        &mut self,
        others: &[Shape],
        originals: &[VectorTy],
        members: &[Member],
    ) -> Option<VectorTy> {
        for &other in others {
            let Shape::Scalar(t) = other else { continue };
            let size = t.bits(self.ptr_bits);
            for &v in originals {
                let vsize = v.bits(self.ptr_bits);
                let esize = v.elem.bits(self.ptr_bits);
                if size != 0 && size != vsize && size != esize && vsize % size == 0 {
                    if let Ok(n) = u32::try_from(vsize / size) {
                        self.add(VectorTy { elem: t, n });
                    }
                }
            }
        }
        self.check(members)
    }

    /// LLVM's `checkVectorTypesForPromotion`.
    fn check(&mut self, members: &[Member]) -> Option<VectorTy> {
        if self.tys.is_empty() || (self.have_vec_ptr && !self.have_common_vec_ptr) {
            return None;
        }
        if !self.have_common_elem && self.have_vec_ptr {
            self.tys = self.common_vec_ptr.into_iter().collect();
        } else if !self.have_common_elem {
            for v in &mut self.tys {
                if !matches!(v.elem, Elem::Int(_)) {
                    v.elem = Elem::Int(v.elem.bits(self.ptr_bits) as u32);
                }
            }
            self.tys.sort_by_key(|v| v.n);
            self.tys.dedup_by_key(|v| v.n);
        } else {
            self.tys.truncate(1);
        }
        self.tys.retain(|v| v.n <= u16::MAX as u32);
        self.tys
            .iter()
            .copied()
            .find(|&v| viable(v, members, self.ptr_bits))
    }
}

/// The vector type a partition of `size` bytes is promoted as, if any.
pub fn promotion_type(size: u64, members: &[Member], ptr_bits: u64) -> Option<VectorTy> {
    let mut candidates = Candidates::new(ptr_bits);
    let mut load_store_tys: Vec<Shape> = Vec::new();
    let mut deferred: Vec<Shape> = Vec::new();
    for m in members {
        let ty = match m.kind {
            Kind::Load(t) | Kind::Store(t) => t,
            Kind::Intrinsic => continue,
        };
        let whole = m.begin == 0 && m.end == size;
        if ty.scalar() == Some(Elem::Ptr) && !whole {
            push_unique(&mut deferred, ty);
            continue;
        }
        push_unique(&mut load_store_tys, ty);
        if whole {
            if let Shape::Vector(v) = ty {
                candidates.add(v);
            }
        }
    }
    let originals = candidates.tys.clone();
    if let Some(v) = candidates.propose_and_check(&load_store_tys, &originals, members) {
        return Some(v);
    }
    candidates.tys.clear();
    candidates.propose_and_check(&deferred, &originals, members)
}

fn push_unique(v: &mut Vec<Shape>, s: Shape) {
    if !v.contains(&s) {
        v.push(s);
    }
}

/// The element range `[first, last)` of bytes `[begin, end)` in a vector
/// of `elem_bytes`-byte elements, when they are whole elements.
pub fn element_range(begin: u64, end: u64, elem_bytes: u64, n: u32) -> Option<(u32, u32)> {
    if elem_bytes == 0 || !begin.is_multiple_of(elem_bytes) || !end.is_multiple_of(elem_bytes) {
        return None;
    }
    let (first, last) = (begin / elem_bytes, end / elem_bytes);
    (first < n as u64 && last <= n as u64 && first < last).then_some((first as u32, last as u32))
}

/// LLVM's `checkVectorTypeForPromotion` with `isVectorPromotionViableForSlice`.
pub fn viable(v: VectorTy, members: &[Member], ptr_bits: u64) -> bool {
    let elem_bits = v.elem.bits(ptr_bits);
    if elem_bits == 0 || !elem_bits.is_multiple_of(8) {
        return false;
    }
    let elem_bytes = elem_bits / 8;
    members.iter().all(|m| {
        let Some((first, last)) = element_range(m.begin, m.end, elem_bytes, v.n) else {
            return false;
        };
        let piece = if last - first == 1 {
            Shape::Scalar(v.elem)
        } else {
            Shape::Vector(VectorTy {
                elem: v.elem,
                n: last - first,
            })
        };
        match m.kind {
            Kind::Intrinsic => true,
            Kind::Load(Shape::Aggregate) | Kind::Store(Shape::Aggregate) => false,
            Kind::Load(t) => can_convert(piece, t, ptr_bits),
            Kind::Store(t) => can_convert(t, piece, ptr_bits),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: u64 = 64;

    fn v(elem: Elem, n: u32) -> VectorTy {
        VectorTy { elem, n }
    }

    fn load(begin: u64, end: u64, t: Shape) -> Member {
        Member {
            begin,
            end,
            kind: Kind::Load(t),
        }
    }

    fn store(begin: u64, end: u64, t: Shape) -> Member {
        Member {
            begin,
            end,
            kind: Kind::Store(t),
        }
    }

    fn copy(begin: u64, end: u64) -> Member {
        Member {
            begin,
            end,
            kind: Kind::Intrinsic,
        }
    }

    const F: Shape = Shape::Scalar(Elem::Float);
    const V2F: Shape = Shape::Vector(VectorTy {
        elem: Elem::Float,
        n: 2,
    });

    #[test]
    fn two_floats_passed_as_a_vector() {
        // clang's `struct { float x, y; }` argument: the <2 x float> is
        // stored whole, the fields are loaded one by one.
        let m = [store(0, 8, V2F), load(0, 4, F), load(4, 8, F)];
        assert_eq!(promotion_type(8, &m, P), Some(v(Elem::Float, 2)));
        // A copy of the whole vector out of it, and a memset of one field.
        let m = [store(0, 8, V2F), copy(0, 8), copy(4, 8)];
        assert_eq!(promotion_type(8, &m, P), Some(v(Elem::Float, 2)));
    }

    #[test]
    fn no_vector_access_no_vector() {
        let m = [load(0, 4, F), load(4, 8, F), copy(0, 8)];
        assert_eq!(promotion_type(8, &m, P), None);
    }

    #[test]
    fn accesses_must_cover_whole_elements() {
        // A 2-byte load of the upper half of a float: the i16 proposes
        // <4 x i16>, whose lane 1 it is (LLVM's sroa does the same).
        let i16 = Shape::Scalar(Elem::Int(16));
        let m = [store(0, 8, V2F), load(2, 4, i16)];
        assert_eq!(promotion_type(8, &m, P), Some(v(Elem::Int(16), 4)));
        // At byte 3 it is a lane of neither.
        let m = [store(0, 8, V2F), load(3, 5, i16)];
        assert_eq!(promotion_type(8, &m, P), None);
        // A copy piece that ends inside an element.
        let m = [store(0, 8, V2F), copy(0, 6)];
        assert_eq!(promotion_type(8, &m, P), None);
    }

    #[test]
    fn element_sized_integers_and_the_whole_as_an_integer_convert() {
        // i32 bit patterns of the floats, and the whole vector as an i64.
        let m = [
            store(0, 8, V2F),
            load(4, 8, Shape::Scalar(Elem::Int(32))),
            load(0, 8, Shape::Scalar(Elem::Int(64))),
        ];
        assert_eq!(promotion_type(8, &m, P), Some(v(Elem::Float, 2)));
    }

    #[test]
    fn aggregates_rule_it_out() {
        let m = [store(0, 8, V2F), load(0, 8, Shape::Aggregate)];
        assert_eq!(promotion_type(8, &m, P), None);
    }

    #[test]
    fn scalar_types_propose_wider_element_vectors() {
        // <4 x i32> stored whole, read as two i64: the i64 proposes
        // <2 x i64>; element types differ, so both become integer vectors
        // and the one with fewer elements is tried first.
        let v4i32 = Shape::Vector(v(Elem::Int(32), 4));
        let i64 = Shape::Scalar(Elem::Int(64));
        let m = [store(0, 16, v4i32), load(0, 8, i64), load(8, 16, i64)];
        assert_eq!(promotion_type(16, &m, P), Some(v(Elem::Int(64), 2)));
        // Plus an i32 load at byte 4: <2 x i64> fails, <4 x i32> works.
        let i32 = Shape::Scalar(Elem::Int(32));
        let m = [store(0, 16, v4i32), load(0, 8, i64), load(4, 8, i32)];
        assert_eq!(promotion_type(16, &m, P), Some(v(Elem::Int(32), 4)));
    }

    #[test]
    fn different_widths_empty_the_candidates() {
        // <2 x float> and <4 x float> both "whole": cannot happen for one
        // partition size, but LLVM's rule is that the list empties.
        let mut c = Candidates::new(P);
        c.add(v(Elem::Float, 2));
        c.add(v(Elem::Float, 4));
        assert!(c.tys.is_empty());
    }

    #[test]
    fn pointer_vectors() {
        let v2p = Shape::Vector(v(Elem::Ptr, 2));
        let p = Shape::Scalar(Elem::Ptr);
        let m = [store(0, 16, v2p), load(8, 16, p)];
        assert_eq!(promotion_type(16, &m, P), Some(v(Elem::Ptr, 2)));
        // A pointer vector read as an integer vector: not converted here.
        let m = [
            store(0, 16, v2p),
            load(0, 16, Shape::Vector(v(Elem::Int(64), 2))),
        ];
        assert_eq!(promotion_type(16, &m, P), None);
    }

    #[test]
    fn conversions() {
        let i32 = Shape::Scalar(Elem::Int(32));
        let i64 = Shape::Scalar(Elem::Int(64));
        let p = Shape::Scalar(Elem::Ptr);
        assert!(can_convert(F, i32, P));
        assert!(!can_convert(i32, i64, P));
        assert!(can_convert(V2F, i64, P));
        assert!(can_convert(i64, p, P) && can_convert(p, i64, P));
        assert!(!can_convert(Shape::Scalar(Elem::Double), p, P));
        // Identical types always convert (the aggregate ban is `viable`'s).
        assert!(can_convert(Shape::Aggregate, Shape::Aggregate, P));
        assert!(!viable(
            v(Elem::Float, 2),
            &[load(0, 8, Shape::Aggregate)],
            P
        ));
        assert!(!can_convert(Shape::Other, F, P));
    }

    #[test]
    fn element_ranges() {
        assert_eq!(element_range(4, 8, 4, 2), Some((1, 2)));
        assert_eq!(element_range(0, 8, 4, 2), Some((0, 2)));
        assert_eq!(element_range(8, 12, 4, 2), None);
        assert_eq!(element_range(2, 4, 4, 2), None);
        assert_eq!(element_range(0, 12, 4, 2), None);
    }

    #[test]
    fn odd_sized_elements_are_not_viable() {
        let v8i1 = v(Elem::Int(1), 8);
        assert!(!viable(v8i1, &[copy(0, 1)], P));
    }
}
