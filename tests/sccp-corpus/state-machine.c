/* A switch-driven state machine: with a constant input sequence some
 * transitions are decided, with argc-driven ones they are not. */
#include <stdio.h>

enum { START, RUN, STOP, ERROR };

static int step(int state, int input) {
    switch (state) {
    case START: return input > 0 ? RUN : ERROR;
    case RUN: return input == 0 ? STOP : RUN;
    case STOP: return STOP;
    default: return ERROR;
    }
}

int main(int argc, char **argv) {
    (void)argv;
    int st = START;
    st = step(st, 1);
    st = step(st, 1);
    st = step(st, 0);
    int seen = 0;
    int state = START;
    for (int i = 0; i < 5; i++) {
        state = step(state, (argc + i) % 3);
        seen = seen * 4 + state;
    }
    const int table_mode = 3;
    int chosen;
    switch (table_mode) {
    case 1: chosen = 10; break;
    case 3: chosen = 30; break;
    case 4:
    case 5: chosen = 45; break;
    default: chosen = 0;
    }
    printf("%d %d %d\n", st, seen, chosen);
    return (st + seen + chosen) & 0xff;
}
