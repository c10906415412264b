/* Lua host for scripts/backend-test --real (lua-src ships the library, not
 * the interpreter): runs the script named by argv[1] with the remaining
 * arguments in the global `arg`, exit status 1 on a Lua error. */
#include <stdio.h>
#include "lua.h"
#include "lualib.h"
#include "lauxlib.h"

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s script.lua [args]\n", argv[0]);
        return 2;
    }
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_createtable(L, argc, 0);
    for (int i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_setglobal(L, "arg");
    int status = luaL_dofile(L, argv[1]);
    if (status != LUA_OK)
        printf("lua error: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return status != LUA_OK;
}
