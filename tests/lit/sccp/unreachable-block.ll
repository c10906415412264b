; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Blocks that never execute are deleted: %dead has no predecessor at all,
; %never is only reached from %dead. Their edges into %exit go, and the
; phi of %exit keeps only the entry of %entry (then folds to 3).

define i32 @unreachable() {
; CHECK-LABEL: define {{.*}}i32 @unreachable(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 3
; CHECK-NEXT:  }
entry:
  br label %exit

dead:
  %d = add i32 1, 2
  br i1 true, label %never, label %exit

never:
  %n = mul i32 %d, 2
  br label %exit

exit:
  %p = phi i32 [ 3, %entry ], [ %d, %dead ], [ %n, %never ]
  ret i32 %p
}

; A dead loop (a block that branches to itself) is removed too.
define void @dead_loop() {
; CHECK-LABEL: define void @dead_loop(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
entry:
  ret void

spin:
  %i = phi i32 [ 0, %spin ]
  br label %spin
}

; A block whose address is taken is never deleted (a `blockaddress` would
; dangle): the CFG is left as it is; only constants are replaced (the
; phi is 3 on its only executable edge, which is sound without deleting
; the other one).
@target = global ptr blockaddress(@address_taken, %dead)

define i32 @address_taken() {
; CHECK-LABEL: define {{.*}}i32 @address_taken(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br i1 true, label %exit, label %dead
; CHECK:       dead:
; CHECK:       exit:
; CHECK-NEXT:    ret i32 3
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %exit, label %dead

dead:
  br label %exit

exit:
  %p = phi i32 [ 3, %entry ], [ 4, %dead ]
  ret i32 %p
}
