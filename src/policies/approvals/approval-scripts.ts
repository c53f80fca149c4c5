/**
 * The Redis approval store's one write: compare-and-set on the record's version, the index of open
 * requests (pending, or scheduled: the ledger approves them) kept in step, and the change published, all in one script so no reader sees half of it.
 * KEYS: record hash, pending sorted set. ARGV: expected version, new version, record JSON, state,
 * id, created-at (score), keep until (ms since the epoch, the server's clock), channel, change kind ('' publishes nothing).
 */
export const APPROVAL_WRITE_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'v')
local version = 0
if stored then version = tonumber(stored) end
if version ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'r', ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[7])
if ARGV[4] == 'pending' or ARGV[4] == 'scheduled' then
  redis.call('ZADD', KEYS[2], ARGV[6], ARGV[5])
else
  redis.call('ZREM', KEYS[2], ARGV[5])
end
if ARGV[9] ~= '' then redis.call('PUBLISH', ARGV[8], ARGV[9] .. '\\n' .. ARGV[3]) end
return 1
`;
