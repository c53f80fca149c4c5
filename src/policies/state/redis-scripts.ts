/**
 * Lua scripts for the Redis store's budgets, each one atomic on the server. A budget line is a
 * sorted set of entries (`p:<id>` reserved, `c:<id>` committed) scored by the server's time in ms,
 * and a hash of their amounts plus the running totals `#c` (committed) and `#p` (reserved), so a
 * reservation costs the same however many spends the window holds. Amounts are decimal strings
 * added digit by digit: Lua numbers are doubles, exact only to 2^53, and token amounts go up to
 * 2^63. Time is the server's (TIME), so agents on machines with different clocks share one window.
 *
 * KEYS are pairs (sorted set, hash) per line, with the budget's name in a hash tag so that every
 * key of one budget lives in one cluster slot.
 */
const COMMON = `
local function strip(a)
  local s = string.gsub(a, '^0+', '')
  if s == '' then return '0' end
  return s
end
local function cmp(a, b)
  a = strip(a)
  b = strip(b)
  if #a ~= #b then if #a < #b then return -1 else return 1 end end
  if a == b then return 0 end
  if a < b then return -1 else return 1 end
end
local function add(a, b)
  local out, carry, i, j = {}, 0, #a, #b
  while i > 0 or j > 0 or carry > 0 do
    local s = carry
    if i > 0 then s = s + string.byte(a, i) - 48 end
    if j > 0 then s = s + string.byte(b, j) - 48 end
    out[#out + 1] = string.char(48 + s % 10)
    carry = math.floor(s / 10)
    i = i - 1
    j = j - 1
  end
  return strip(string.reverse(table.concat(out)))
end
local function sub(a, b)
  if cmp(a, b) <= 0 then return '0' end
  local out, borrow, i, j = {}, 0, #a, #b
  while i > 0 do
    local d = string.byte(a, i) - 48 - borrow
    if j > 0 then d = d - (string.byte(b, j) - 48) end
    if d < 0 then
      d = d + 10
      borrow = 1
    else
      borrow = 0
    end
    out[#out + 1] = string.char(48 + d)
    i = i - 1
    j = j - 1
  end
  return strip(string.reverse(table.concat(out)))
end
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function ms(x) return string.format('%.0f', x) end
local function totals(h)
  return redis.call('HGET', h, '#c') or '0', redis.call('HGET', h, '#p') or '0'
end
local function prune(z, h, cutoff)
  local old = redis.call('ZRANGEBYSCORE', z, '-inf', cutoff)
  if #old == 0 then return end
  local c, p = totals(h)
  for _, member in ipairs(old) do
    local amount = redis.call('HGET', h, member) or '0'
    if string.sub(member, 1, 2) == 'c:' then c = sub(c, amount) else p = sub(p, amount) end
    redis.call('HDEL', h, member)
  end
  redis.call('HSET', h, '#c', c, '#p', p)
  redis.call('ZREMRANGEBYSCORE', z, '-inf', cutoff)
end
local function keep(z, h, window)
  redis.call('PEXPIRE', z, window)
  redis.call('PEXPIRE', h, window)
end
`;

/**
 * ARGV: id, windowMs, then amount and limit per line. Returns { '1', now } when every line fit and
 * was reserved, else { '0', now, line index (1-based), used, freesAt or '' } and reserves nothing.
 */
export const RESERVE_SCRIPT = `${COMMON}
local id, window = ARGV[1], tonumber(ARGV[2])
local now = now_ms()
local lines = #KEYS / 2
for i = 1, lines do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  prune(z, h, now - window)
  local amount, limit = ARGV[1 + 2 * i], ARGV[2 + 2 * i]
  local c, p = totals(h)
  local used = add(c, p)
  local total = add(used, amount)
  if cmp(total, limit) > 0 then
    -- Refused: walk from the oldest entry until enough has left the window for this one to fit.
    local frees = ''
    if cmp(amount, limit) <= 0 then
      local freed, start = '0', 0
      while frees == '' do
        local entries = redis.call('ZRANGE', z, start, start + 99, 'WITHSCORES')
        if #entries == 0 then break end
        for j = 1, #entries, 2 do
          freed = add(freed, redis.call('HGET', h, entries[j]) or '0')
          if cmp(total, add(limit, freed)) <= 0 then
            frees = ms(tonumber(entries[j + 1]) + window)
            break
          end
        end
        start = start + 100
      end
    end
    return { '0', ms(now), tostring(i), used, frees }
  end
end
for i = 1, lines do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  local amount = ARGV[1 + 2 * i]
  local c, p = totals(h)
  redis.call('ZADD', z, now, 'p:' .. id)
  redis.call('HSET', h, 'p:' .. id, amount, '#c', c, '#p', add(p, amount))
  keep(z, h, window)
end
return { '1', ms(now) }
`;

/** ARGV: id, windowMs, then the amount per line. The spend is dated now; idempotent. */
export const COMMIT_SCRIPT = `${COMMON}
local id, window = ARGV[1], tonumber(ARGV[2])
local now = now_ms()
for i = 1, #KEYS / 2 do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  prune(z, h, now - window)
  if not redis.call('ZSCORE', z, 'c:' .. id) then
    local c, p = totals(h)
    if redis.call('ZSCORE', z, 'p:' .. id) then
      p = sub(p, redis.call('HGET', h, 'p:' .. id) or '0')
      redis.call('ZREM', z, 'p:' .. id)
      redis.call('HDEL', h, 'p:' .. id)
    end
    local amount = ARGV[2 + i]
    redis.call('ZADD', z, now, 'c:' .. id)
    redis.call('HSET', h, 'c:' .. id, amount, '#c', add(c, amount), '#p', p)
    keep(z, h, window)
  end
end
return 1
`;

/** ARGV: id. Drops the reservation of every line; a committed spend stays. Idempotent. */
export const RELEASE_SCRIPT = `${COMMON}
local member = 'p:' .. ARGV[1]
for i = 1, #KEYS / 2 do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  if redis.call('ZSCORE', z, member) then
    local c, p = totals(h)
    redis.call('HSET', h, '#p', sub(p, redis.call('HGET', h, member) or '0'))
    redis.call('HDEL', h, member)
    redis.call('ZREM', z, member)
  end
end
return 1
`;

/** KEYS: one line's pair; ARGV: windowMs. Returns { committed, pending } as decimal strings. */
export const USAGE_SCRIPT = `${COMMON}
local z, h = KEYS[1], KEYS[2]
prune(z, h, now_ms() - tonumber(ARGV[1]))
local c, p = totals(h)
return { strip(c), strip(p) }
`;

/**
 * rate-limiter-flexible's counter script (its `customIncrTtlLuaScript` hook), changed in one way:
 * a give-back (negative increment) never creates a key and never goes below zero. The library's own
 * script would start a new window at -1 when a call is given back after its window ended, which
 * admits one call more than the limit.
 */
export const COUNTER_SCRIPT = `
local delta = tonumber(ARGV[1])
if delta < 0 and redis.call('EXISTS', KEYS[1]) == 0 then return { 0, 0 } end
redis.call('SET', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local consumed = redis.call('INCRBY', KEYS[1], ARGV[1])
if consumed < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  consumed = 0
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return { consumed, ttl }
`;
