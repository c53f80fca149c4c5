/**
 * The `outputSchema` of every kit tool over MCP: the shape of `structuredContent`, which is the
 * kit's result, `{ raw, humanMessage }`. Only what the kit guarantees for every tool is typed
 * (`raw.status`, the sentence); the other common fields are described, not typed, because a
 * plugin's tool may fill them its own way, and clients reject a result that breaks the schema.
 */
export const TOOL_RESULT_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    raw: {
      type: 'object',
      description: "The machine-readable result: status, then the tool's own fields (a query's data, a transaction's receipt fields).",
      properties: {
        status: {
          type: 'string',
          description: "'SUCCESS'; 'ERROR' (blocked, invalid input or failed); 'UNKNOWN' (submitted, outcome not known: look the transaction ID up before retrying); 'NOT_SUBMITTED'.",
        },
        transactionId: { description: 'Present whenever a transaction was submitted, whatever happened afterwards.' },
        errorCode: { description: "The Hedera status or the kit's error code (E_POLICY_BLOCKED, E_INVALID_PARAMS, …) when the call did not succeed." },
        error: { description: 'What went wrong, when the call did not succeed.' },
        blockedBy: { description: 'The policy that refused the call: { policy, stage, reason }.' },
        warnings: { description: 'Problems after the action executed; they never turn it into an error.' },
      },
      required: ['status'],
      additionalProperties: true,
    },
    humanMessage: { type: 'string', description: 'The sentence for the model: what happened, and for a block that retrying will not help.' },
  },
  required: ['raw', 'humanMessage'],
} as const satisfies { type: 'object'; [keyword: string]: unknown };
