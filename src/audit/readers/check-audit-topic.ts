import { TopicInfoQuery, type Client, type Key, type TopicId } from '@hiero-ledger/sdk';
import { isKeyList, isPublicKey, isStatusError, statusNameOf } from '../../values/sdk-values.js';
import { AgentHooksError, ErrorCode, messageOf } from '../../errors/index.js';

/** How long the start-up check waits for the network before refusing, in ms. */
export const DEFAULT_TOPIC_CHECK_TIMEOUT_MS = 10_000;

/**
 * Checks, before anything is journaled for it, that `topic` exists on the network `client` talks to
 * and that `client` may submit to it: the topic has no submit key, or its operator key satisfies it
 * (alone, or enough of a key list's threshold). Without this, a mistyped or missing topic is found
 * only when delivery fails in the background, after entries piled up in a journal that can never be
 * delivered, and `close()` waits out its timeout in silence.
 *
 * A network that does not answer within `timeoutMs` is refused too: an audit hook that cannot tell
 * whether its entries can ever land fails closed, like any guard.
 *
 * @example
 * await checkAuditTopic(TopicId.fromString('0.0.1234'), client, 'HcsAuditTrailHook');
 */
export async function checkAuditTopic(topic: TopicId, client: Client, owner: string, timeoutMs = DEFAULT_TOPIC_CHECK_TIMEOUT_MS): Promise<void> {
  const id = topic.toString();
  const skip = 'pass { checkTopic: false } in the hook\'s options to start without the check (entries are then journaled and go out once the network answers)';
  let info;
  try {
    info = await withinTime(new TopicInfoQuery().setTopicId(topic).execute(client), timeoutMs);
  } catch (error) {
    if (isStatusError(error)) {
      const status = statusNameOf(error);
      const missing = status === 'INVALID_TOPIC_ID' || status === 'TOPIC_DELETED';
      throw new AgentHooksError(
        ErrorCode.INVALID_ARGUMENT,
        missing
          ? `${owner}: audit topic ${id} does not exist (or was deleted) on the network the logging client uses (${networkOf(client)}). Create a topic the logging client's operator may submit to (e.g. with TopicCreateTransaction, or \`agent-hooks call create_topic_tool\`) and pass its ID.`
          : `${owner}: the network refused to describe audit topic ${id} (${status}); check the topic ID and the logging client's operator account.`,
      );
    }
    throw new AgentHooksError(
      ErrorCode.INVALID_ARGUMENT,
      `${owner}: could not reach the network (${networkOf(client)}) to check audit topic ${id}: ${messageOf(error)}. The hook refuses to start rather than journal entries it may never deliver: check the network and the client, or ${skip}.`,
    );
  }
  const submitKey = info.submitKey;
  if (!submitKey) return;
  const operatorKey = client.operatorPublicKey;
  if (operatorKey && satisfies(submitKey, operatorKey)) return;
  throw new AgentHooksError(
    ErrorCode.INVALID_ARGUMENT,
    `${owner}: audit topic ${id} has a submit key the logging client cannot sign for (its operator ${client.operatorAccountId?.toString() ?? '(none)'} has ${operatorKey ? `key ${operatorKey.toStringDer()}` : 'no key'}), so every entry would be refused. Pass a loggingClient (or register AUDIT_CLIENT) whose operator key is the topic's submit key, or use a topic this client may submit to.`,
  );
}

/** Whether a signature by `signer` alone meets `key` (a key list counts how many of its members it meets). */
function satisfies(key: Key, signer: { toStringRaw(): string }): boolean {
  // Compared as text: the client may come from another copy of the SDK than the key read here.
  // Recognised by shape, never instanceof: the topic info comes back through the client's own SDK copy.
  if (isPublicKey(key)) return key.toStringRaw() === signer.toStringRaw();
  if (isKeyList(key)) {
    const members = key.toArray();
    const met = members.filter((member) => satisfies(member, signer)).length;
    return met >= (key.threshold ?? members.length) && met > 0;
  }
  return false; // a contract or delegatable contract ID: not something this client signs as
}

function networkOf(client: Client): string {
  const nodes = Object.keys(client.network);
  return client.ledgerId?.toString() ?? (nodes.length ? `nodes ${nodes.slice(0, 3).join(', ')}` : 'no nodes');
}

function withinTime<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  work.catch(() => undefined); // once abandoned, its own failure is not news
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
