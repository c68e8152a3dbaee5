import type { McpBudget } from './tool.js';

/** A group the endpoint charges itself, before the message runs. */
export type UpfrontGroup = Exclude<McpBudget, 'relayed'>;

/** What one POST's messages spend of the caller's rate limits. */
export interface Bill {
  /** Charged before anything runs, one group a message. */
  readonly upfront: readonly UpfrontGroup[];
  /** Messages that each make one REST request, charged by its route in the route's own group. */
  readonly relayed: number;
}

/** What the bill is made from: the caller's own lists, the very ones its messages will be run against. */
export interface Priced {
  tools(): Promise<ReadonlyArray<{ name: string; budget: McpBudget }>>;
  resources(): ReadonlyArray<{ uri: string; budget: McpBudget }>;
}

/**
 * Prices the messages of one request so that every one costs exactly once. A tool call or resource
 * read that will make one REST request is charged by that route (`search` for a search), never here
 * too. Everything else is charged here first, before it runs: initialize, lists, prompts, a plugin's
 * tool, an upload from a URL (`upload`, before its download), and also a call to a tool the caller
 * is not shown or that does not exist, a read of an unknown address, anything malformed, which are
 * refused without a REST request and would otherwise be free.
 */
export async function billOf(messages: readonly unknown[], priced: Priced): Promise<Bill> {
  const upfront: UpfrontGroup[] = [];
  let relayed = 0;
  for (const message of messages) {
    const budget = await budgetOf(message, priced);
    if (budget === 'relayed') relayed += 1;
    else upfront.push(budget);
  }
  return { upfront, relayed };
}

async function budgetOf(message: unknown, priced: Priced): Promise<McpBudget> {
  const { jsonrpc, id, method, params } = (message ?? {}) as {
    jsonrpc?: unknown;
    id?: unknown;
    method?: unknown;
    params?: { name?: unknown; uri?: unknown } | null;
  };
  // Only a request (with an id) is answered by running it; a notification or a response is not.
  if (jsonrpc !== '2.0' || (typeof id !== 'string' && typeof id !== 'number')) return 'general';
  if (method === 'tools/call' && typeof params?.name === 'string') {
    const { name } = params;
    return (await priced.tools()).find((tool) => tool.name === name)?.budget ?? 'general';
  }
  if (method === 'resources/read' && typeof params?.uri === 'string') {
    const { uri } = params;
    return priced.resources().find((resource) => resource.uri === uri)?.budget ?? 'general';
  }
  return 'general';
}
