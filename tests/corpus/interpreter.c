// Exercises a bytecode interpreter: a switch in a loop, an operand stack array, jumps and calls.
#include <stdio.h>

enum { PUSH, ADD, SUB, MUL, DUP, SWAP, OVER, JNZ, DEC, PRINT, HALT };

static int run(const int *code, int trace) {
  int stack[32];
  int sp = 0, pc = 0, steps = 0;
  for (;;) {
    int op = code[pc++];
    steps++;
    switch (op) {
    case PUSH: stack[sp++] = code[pc++]; break;
    case ADD: sp--; stack[sp - 1] += stack[sp]; break;
    case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
    case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
    case DUP: stack[sp] = stack[sp - 1]; sp++; break;
    case SWAP: { int t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
    case OVER: stack[sp] = stack[sp - 2]; sp++; break;
    case JNZ: { int target = code[pc++]; if (stack[--sp] != 0) pc = target; } break;
    case DEC: stack[sp - 1]--; break;
    case PRINT: if (trace) printf("top = %d\n", stack[sp - 1]); break;
    case HALT: return steps * 1000 + (sp > 0 ? stack[sp - 1] : 0);
    default: return -1;
    }
  }
}

int main(void) {
  /* factorial of 6 with the stack [acc, n]: loop { acc *= n; n--; } while n */
  int fact[] = {PUSH, 1, PUSH, 6,
                /* 4: */ SWAP, OVER, MUL, SWAP, DEC, PRINT, DUP, JNZ, 4,
                SWAP, HALT};
  printf("result = %d\n", run(fact, 1));
  int arith[] = {PUSH, 6, PUSH, 7, MUL, PUSH, 2, SUB, DUP, ADD, PRINT, HALT};
  printf("arith = %d\n", run(arith, 1));
  int bad[] = {PUSH, 1, 77};
  printf("bad = %d\n", run(bad, 0));
  return 0;
}
