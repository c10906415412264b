/* SQL driver for scripts/backend-test --real: an in-memory database built,
 * queried and updated deterministically; every result row is printed, so
 * a miscompiled SQLite shows as different output. */
#include <stdio.h>
#include <stdlib.h>
#include "sqlite3.h"

static int rows;

static int print_row(void *unused, int n, char **vals, char **names) {
    (void)unused;
    (void)names;
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? "|" : "", vals[i] ? vals[i] : "NULL");
    printf("\n");
    rows++;
    return 0;
}

static void exec(sqlite3 *db, const char *sql) {
    char *err = 0;
    if (sqlite3_exec(db, sql, print_row, 0, &err) != SQLITE_OK) {
        printf("error: %s\n", err);
        sqlite3_free(err);
        exit(2);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 25000;
    sqlite3 *db;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK)
        return 3;
    exec(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, name TEXT, x REAL);"
             "CREATE INDEX tk ON t(k);"
             "CREATE TABLE u(k INTEGER PRIMARY KEY, label TEXT);");
    sqlite3_stmt *ins;
    sqlite3_prepare_v2(db, "INSERT INTO t(k, name, x) VALUES (?1, ?2, ?3)", -1, &ins, 0);
    exec(db, "BEGIN");
    unsigned seed = 12345;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        char name[32];
        snprintf(name, sizeof name, "n%u", (seed >> 8) % 997);
        sqlite3_bind_int(ins, 1, (int)((seed >> 16) % 101));
        sqlite3_bind_text(ins, 2, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(ins, 3, (double)(seed % 10007) / 7.0);
        sqlite3_step(ins);
        sqlite3_reset(ins);
    }
    exec(db, "COMMIT");
    sqlite3_finalize(ins);
    exec(db, "WITH RECURSIVE c(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM c WHERE k < 100)"
             " INSERT INTO u SELECT k, 'label' || (k * 7 % 13) FROM c;");
    exec(db, "SELECT k, count(*), printf('%.3f', avg(x)), min(name), max(name) FROM t"
             " GROUP BY k ORDER BY k LIMIT 12;");
    exec(db, "SELECT u.label, count(*), printf('%.2f', sum(t.x)) FROM t JOIN u USING (k)"
             " GROUP BY u.label ORDER BY 2 DESC, 1;");
    exec(db, "UPDATE t SET x = x * 2 WHERE k % 3 = 0; DELETE FROM t WHERE k % 5 = 1;");
    exec(db, "SELECT count(*), printf('%.4f', total(x)), group_concat(DISTINCT k % 7)"
             " FROM t WHERE name LIKE 'n1%';");
    exec(db, "SELECT name, count(*) AS c FROM t GROUP BY name HAVING c > 28 ORDER BY c DESC, name"
             " LIMIT 10;");
    exec(db, "SELECT id, k, name, printf('%.6e', x) FROM t ORDER BY x DESC, id LIMIT 8;");
    exec(db, "SELECT substr(upper(name), 2), length(name), hex(k), k << 3, k / 3, k % 3, "
             "abs(-k), round(x, 1) FROM t WHERE id % 1999 = 0 ORDER BY id;");
    sqlite3_close(db);
    printf("rows %d\n", rows);
    return 0;
}
