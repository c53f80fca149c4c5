/**
 * Lua scripts for the Redis store's claims, each atomic on the server. A claim is one string key
 * holding `<holder>\n<record>` with a PX expiry; holders are call IDs, which hold no newline.
 */

/** KEYS: the claim. ARGV: holder, record, holdMs. Answers {1} when taken, else {0, held value}. */
export const CLAIM_TAKE_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held then return {0, held} end
redis.call('SET', KEYS[1], ARGV[1] .. '\\n' .. ARGV[2], 'PX', ARGV[3])
return {1}
`;

/** KEYS: the claim. ARGV: holder, record, holdMs. Replaces the record only while the holder holds it. */
export const CLAIM_UPDATE_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if not held or string.sub(held, 1, #ARGV[1] + 1) ~= ARGV[1] .. '\\n' then return 0 end
redis.call('SET', KEYS[1], ARGV[1] .. '\\n' .. ARGV[2], 'PX', ARGV[3])
return 1
`;

/** KEYS: the claim. ARGV: holder. Deletes it only while the holder holds it. */
export const CLAIM_DROP_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if not held or string.sub(held, 1, #ARGV[1] + 1) ~= ARGV[1] .. '\\n' then return 0 end
redis.call('DEL', KEYS[1])
return 1
`;
