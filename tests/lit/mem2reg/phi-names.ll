; Phi names. A slot's phis are named `<alloca>.<n>`, n counting its phis
; in layout order, as LLVM names them. When that name is taken by a value
; the pass deletes (here the load `%x.0`), LLVM, which names each phi as it
; creates it, gives the phi a uniqued name (`%x.01`); compat mode does the
; same. The default mode names its phis once the loads are gone (so that
; LLVM's symbol tables do not grow on the way), and the phi gets `%x.0`.

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt -passes='pebble-mem2reg<compat>,verify' -S %s | FileCheck %s --check-prefix=COMPAT
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=COMPAT

define i32 @loop(i32 %n) {
entry:
  %x = alloca i32, align 4
  store i32 0, ptr %x, align 4
  br label %header

header:
  %x.0 = load i32, ptr %x, align 4
  %c = icmp slt i32 %x.0, %n
  br i1 %c, label %body, label %exit

body:
  %inc = add i32 %x.0, 1
  store i32 %inc, ptr %x, align 4
  br label %header

exit:
  %y = load i32, ptr %x, align 4
  ret i32 %y
}

; DEFAULT-LABEL: header:
; DEFAULT-NEXT:    %x.0 = phi i32 [ 0, %entry ], [ %inc, %body ]
; DEFAULT-NEXT:    %c = icmp slt i32 %x.0, %n
; DEFAULT:       exit:
; DEFAULT-NEXT:    ret i32 %x.0

; COMPAT-LABEL: header:
; COMPAT-NEXT:    %x.01 = phi i32 [ 0, %entry ], [ %inc, %body ]
; COMPAT-NEXT:    %c = icmp slt i32 %x.01, %n
; COMPAT:       exit:
; COMPAT-NEXT:    ret i32 %x.01
