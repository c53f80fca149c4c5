import type { Client, SubscriptionHandle, TopicMessage, TopicMessageQuery } from '@hiero-ledger/sdk';

/** What one SDK subscription has delivered so far, with promises for what the test waits on. */
export interface Subscription {
  readonly messages: TopicMessage[];
  readonly handle: SubscriptionHandle;
  /** texts of the delivered messages, in delivery order */
  texts(): string[];
  /** sequence numbers of the delivered messages, in delivery order */
  sequences(): number[];
  /** resolves once `count` messages arrived; rejects if the subscription fails first */
  received(count: number): Promise<void>;
  /** resolves when the SDK calls the completion handler; rejects if the subscription fails first */
  readonly completed: Promise<void>;
  /** resolves with the error the SDK hands the error handler */
  readonly failed: Promise<Error>;
  /** whether the completion handler ran */
  readonly isCompleted: boolean;
}

/**
 * Subscribes with the SDK's own `TopicMessageQuery.subscribe` and records what it delivers. The
 * completion handler is set here, so the query must not be subscribed yet.
 */
export function subscribe(query: TopicMessageQuery, client: Client): Subscription {
  const messages: TopicMessage[] = [];
  const waiters: Array<{ count: number; resolve: () => void; reject: (error: Error) => void }> = [];
  let error: Error | undefined;
  let done = false;
  let completeNow!: () => void;
  let failNow!: (error: Error) => void;
  const completed = new Promise<void>((resolve, reject) => {
    completeNow = resolve;
    failNow = reject;
  });
  completed.catch(() => undefined);
  let reportFailure!: (error: Error) => void;
  const failed = new Promise<Error>((resolve) => { reportFailure = resolve; });
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (messages.length >= waiter.count) waiter.resolve();
      else if (error) waiter.reject(error);
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };
  query.setCompletionHandler(() => {
    done = true;
    completeNow();
  });
  const handle = query.subscribe(
    client,
    (_message, cause) => {
      error = cause;
      failNow(cause);
      reportFailure(cause);
      settle();
    },
    (message) => {
      messages.push(message);
      settle();
    },
  );
  return {
    messages,
    handle,
    texts: () => messages.map((message) => Buffer.from(message.contents).toString('utf8')),
    sequences: () => messages.map((message) => message.sequenceNumber.toNumber()),
    received(count) {
      return new Promise<void>((resolve, reject) => {
        waiters.push({ count, resolve, reject });
        settle();
      });
    },
    completed,
    failed,
    get isCompleted() { return done; },
  };
}
