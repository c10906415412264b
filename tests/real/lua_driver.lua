-- Lua script for scripts/backend-test --real: tables, strings, closures,
-- coroutines, integer and float arithmetic, sorting and pattern matching,
-- all deterministic; every result is printed.
local N = tonumber(arg and arg[1]) or 100000

local function lcg(seed)
  return function()
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed
  end
end

local rnd = lcg(42)
local t = {}
for i = 1, N do t[i] = rnd() % 100000 end
table.sort(t)
local sum = 0
for i = 1, N, 97 do sum = sum + t[i] end
print("sorted", t[1], t[N], sum)

local words = {}
for i = 1, N // 10 do
  words[#words + 1] = string.format("w%03d_%x", rnd() % 1000, i)
end
local s = table.concat(words, " ")
local count = 0
for a, b in s:gmatch("w(%d+)_(%x+)") do
  if tonumber(a) % 7 == 0 then count = count + tonumber(b, 16) % 13 end
end
print("gmatch", #s, count, s:sub(1, 30), s:upper():sub(-12))
print("gsub", (s:gsub("w0", "W"):sub(1, 40)))

local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print("fib", fib(24))

local co = coroutine.wrap(function()
  for i = 1, 10 do coroutine.yield(i * i) end
end)
local acc = 0
for _ = 1, 10 do acc = acc + co() end
print("coroutine", acc)

local f = 0.0
for i = 1, N do
  local x = i / 7
  f = f + math.floor(x) - math.ceil(x / 3) + math.sqrt(i) % 1 + math.abs(-x) * 1e-3
end
print("float", string.format("%.6f", f), math.fmod(N, 7), math.tointeger(2^40), 7 // 2, -7 // 2, 7 % -3)
print("int", math.maxinteger // 3, math.mininteger, 0x7fffffff * 0x7fffffff, 1 << 62, -1 >> 60)

local m = {}
for i = 1, 2000 do m["k" .. (rnd() % 500)] = i end
local keys = {}
for k in pairs(m) do keys[#keys + 1] = k end
table.sort(keys)
print("map", #keys, keys[1], keys[#keys], m[keys[10]])

local mt = setmetatable({}, {__index = function(_, k) return k * 2 end,
                             __add = function(a, b) return 99 end})
print("meta", mt[21], mt + mt, select("#", 1, 2, 3), string.rep("ab", 3, "-"))
print(pcall(function() error({code = 7}) end), select(2, pcall(error, "msg", 0)))
print(string.format("%5.2f|%-5d|%q|%g|%a", math.pi, 42, "a\nb", 1e20, 1.0))
print(tostring(1e15), tostring(2^63), 10 // 0.0, -10 % math.huge, math.ult(1, -1))
