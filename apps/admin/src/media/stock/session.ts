import { useState } from 'react';
import type { Media } from '../model.js';
import { photoKey, useStockImports } from './imports.js';
import { type StockPhoto, type StockProviderName, useStockSearch, useStockSources } from './queries.js';

/**
 * What a stock photo search holds between openings of its dialog: the provider, the words asked,
 * the photos ticked, the folder to import into and the imports under way.
 */
export function useStockSession(options: {
  folderId: number | null;
  multiple: boolean;
  onImported?: (media: Media) => void;
  /** Asks the server which providers have a key only once the search is shown. */
  active?: boolean;
}) {
  const sources = useStockSources(options.active ?? true);
  const configured = (sources.data ?? []).filter((source) => source.configured);
  const [chosen, setChosen] = useState<StockProviderName | null>(null);
  const provider = configured.find((source) => source.name === chosen) ?? configured[0] ?? null;
  const [words, setWords] = useState('');
  const [asked, setAsked] = useState('');
  const search = useStockSearch(provider?.name ?? null, asked);
  const [selected, setSelected] = useState<StockPhoto[]>([]);
  const [folderId, setFolderId] = useState(options.folderId);
  const imports = useStockImports(options.onImported);

  return {
    sources,
    configured,
    provider,
    /** Another provider: what was ticked belonged to the last one's results. */
    setProvider: (name: StockProviderName) => {
      setChosen(name);
      setSelected([]);
    },
    words,
    setWords,
    asked,
    /** Searches the words typed (the same words again keep their results). */
    ask: () => {
      const trimmed = words.trim();
      if (trimmed === asked) return;
      setAsked(trimmed);
      setSelected([]);
    },
    search,
    selected,
    toggle: (photo: StockPhoto) =>
      setSelected((photos) =>
        photos.some((each) => each.id === photo.id)
          ? photos.filter((each) => each.id !== photo.id)
          : options.multiple
            ? [...photos, photo]
            : [photo],
      ),
    folderId,
    setFolderId,
    imports,
    /** Imports the ticked photos into the folder chosen, and unticks them (their state shows instead). */
    importSelected: () => {
      if (!provider || selected.length === 0) return;
      imports.start(provider.name, selected, folderId);
      setSelected([]);
    },
    stateOf: (photo: StockPhoto) =>
      provider ? imports.states[photoKey(provider.name, photo.id)] : undefined,
  };
}

export type StockSession = ReturnType<typeof useStockSession>;
