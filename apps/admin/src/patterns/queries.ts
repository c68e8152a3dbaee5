import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api.js';

/** The key PatternField (builder) shares: saving a pattern here refreshes its choices there. */
export const PATTERNS = ['patterns'] as const;

export type Pattern = Awaited<ReturnType<typeof fetchPatterns>>[number];
const fetchPatterns = () => data(api.GET('/api/patterns'));

export function usePatterns() {
  return useQuery({ queryKey: PATTERNS, queryFn: fetchPatterns });
}

const CATEGORY = /^[a-z][a-z0-9-]{0,39}$/;

/** The server's rules for a pattern (patterns/service.ts check), said before the round trip. */
export function patternProblems(input: { name: string; category: string; blocks: readonly unknown[] }) {
  const problems: Partial<
    Record<'name' | 'category' | 'blocks', 'nameRequired' | 'categoryInvalid' | 'blocksRequired'>
  > = {};
  if (input.name.trim() === '') problems.name = 'nameRequired';
  if (!CATEGORY.test(input.category.trim())) problems.category = 'categoryInvalid';
  if (input.blocks.length === 0) problems.blocks = 'blocksRequired';
  return problems;
}
