import { BlockContext, type BlockEnvironment, type Breakpoint } from '@tessera/blocks/browser';
import {
  type JSX,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { type Block, findBlock, type Rules } from '../tree.js';
import { CanvasBlocks, type CanvasWords } from './CanvasTree.js';
import { CANVAS_WIDTH, CanvasAssets, type CanvasKind, frameDocument } from './canvas-frame.js';
import { type Drop, dropAt, type Rect } from './drop.js';

/** What is being dragged: a new block of a type (from the palette) or a block of the tree. */
export type DragSource =
  | { kind: 'new'; type: string; label: string }
  | { kind: 'move'; id: string; label: string };

export interface CanvasProps {
  kind: CanvasKind;
  title: string;
  lang: string;
  stylesheet: string | null;
  tokens: string;
  environment: BlockEnvironment;
  tree: readonly Block[];
  rules: Rules;
  breakpoint: Breakpoint;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** A key pressed while the canvas has focus (the builder's shortcuts apply there too). */
  onKey: (event: KeyboardEvent) => void;
  drag: DragSource | null;
  onDrop: (source: DragSource, drop: Drop) => void;
  onDragEnd: () => void;
  /** The selected block's toolbar, drawn above it. */
  toolbar: ReactNode;
  words: CanvasWords;
  label: string;
  /** Set to a function giving the canvas the focus (after deleting from its toolbar). */
  focusRef: { current: () => void };
}

/**
 * The canvas: the tree rendered by the registry's own components inside an iframe holding the
 * site's theme stylesheet and design tokens, as wide as the chosen breakpoint, so its media queries
 * are the visitor's. The editor's marks (hover, selection, drop line) are drawn above it, outside
 * the page, and drags are followed from here: nothing of the editor enters the page's markup but a
 * data-block-id per block.
 */
export function Canvas(props: CanvasProps): JSX.Element {
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(600);
  // Bumped when blocks may have moved: the marks are measured again on the next render.
  const [, setLayout] = useState(0);
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  // Where the pointer is while dragging: the dragged block's name follows it.
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const assets = useMemo(() => new CanvasAssets('c'), []);
  const latest = useRef(props);
  latest.current = props;
  const width = CANVAS_WIDTH[props.breakpoint];
  // Wider than the room the editor has (a laptop's desktop canvas): shown smaller, laid out as wide.
  const [room, setRoom] = useState(width);
  const scale = Math.min(1, room / width);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  props.focusRef.current = () => frame.current?.contentWindow?.focus();

  useLayoutEffect(() => {
    const viewport = stage.current?.parentElement?.parentElement;
    if (!viewport) return;
    const measure = () => {
      const style = getComputedStyle(viewport);
      setRoom(
        viewport.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  // The frame's document, written once: its head takes the theme, the tokens and the blocks' CSS.
  useLayoutEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write(
      frameDocument({ lang: latest.current.lang, kind: latest.current.kind, title: latest.current.title }),
    );
    doc.close();
    setRoot(doc.getElementById('tb-canvas-root'));
    const relayout = () => setLayout((n) => n + 1);
    const observer = new ResizeObserver(() => {
      setHeight(Math.max(doc.documentElement.scrollHeight, 200));
      relayout();
    });
    observer.observe(doc.documentElement);
    const blockAt = (target: EventTarget | null) =>
      (target as Element | null)?.closest?.('[data-block-id]')?.getAttribute('data-block-id') ?? null;
    const click = (event: MouseEvent) => {
      // A page's links, buttons and forms do nothing here: a click selects.
      event.preventDefault();
      latest.current.onSelect(blockAt(event.target));
    };
    const over = (event: PointerEvent) => setHoverId(blockAt(event.target));
    const leave = () => setHoverId(null);
    const key = (event: KeyboardEvent) => latest.current.onKey(event);
    const submit = (event: Event) => event.preventDefault();
    doc.addEventListener('click', click);
    doc.addEventListener('pointerover', over);
    doc.addEventListener('pointerleave', leave);
    doc.addEventListener('keydown', key);
    doc.addEventListener('submit', submit, true);
    // Images and fonts arriving move blocks: the marks follow.
    doc.addEventListener('load', relayout, true);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    const link = doc?.getElementById('tb-theme') as HTMLLinkElement | null;
    if (link && props.stylesheet && link.getAttribute('href') !== props.stylesheet)
      link.setAttribute('href', props.stylesheet);
  }, [props.stylesheet]);
  useEffect(() => {
    const html = frame.current?.contentDocument?.documentElement;
    if (html) html.lang = props.lang;
  }, [props.lang]);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    const heading = doc?.getElementById('tb-canvas-title');
    if (heading && heading.textContent !== props.title) heading.textContent = props.title;
    if (doc && doc.title !== props.title) doc.title = props.title;
  }, [props.title]);
  useEffect(() => {
    const style = frame.current?.contentDocument?.getElementById('tb-tokens');
    if (style && style.textContent !== props.tokens) style.textContent = props.tokens;
  }, [props.tokens]);
  // After each render the blocks' stylesheet holds every class they asked for.
  useLayoutEffect(() => {
    const style = frame.current?.contentDocument?.getElementById('tb-block-css');
    const css = assets.css();
    if (style && style.textContent !== css) style.textContent = css;
  });

  // The marks follow the blocks once they are laid out: one more render after each change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are when blocks move
  useLayoutEffect(() => setLayout((n) => n + 1), [props.tree, props.selectedId, props.breakpoint, root]);

  const rectOf = useCallback((id: string): Rect | null => {
    const doc = frame.current?.contentDocument;
    const element = doc?.querySelector(`[data-block-id="${CSS.escape(id)}"]`);
    return element ? boxOf(element) : null;
  }, []);

  // A drag is followed over the whole window: the catcher above the frame takes its pointer events.
  useEffect(() => {
    const source = props.drag;
    if (!source) return;
    const dragged: Block =
      source.kind === 'move'
        ? (findBlock(latest.current.tree, source.id) ?? probe(source.id))
        : probe('', source.type);
    let current: Drop | null = null;
    const move = (event: PointerEvent) => {
      setPointer({ x: event.clientX, y: event.clientY });
      const box = frame.current?.getBoundingClientRect();
      const doc = frame.current?.contentDocument;
      if (!box || !doc) return;
      // The frame's own pixels: its box on screen is scaled.
      const point = {
        x: (event.clientX - box.left) / scaleRef.current,
        y: (event.clientY - box.top) / scaleRef.current,
      };
      const inside =
        point.x >= 0 &&
        point.y >= 0 &&
        point.x <= box.width / scaleRef.current &&
        point.y <= box.height / scaleRef.current;
      if (!inside) {
        current = null;
        setDrop(null);
        return;
      }
      const hits: string[] = [];
      for (let element = doc.elementFromPoint(point.x, point.y); element; element = element.parentElement) {
        const id = element.getAttribute('data-block-id');
        if (id) hits.push(id);
      }
      current = dropAt({
        tree: latest.current.tree,
        rules: latest.current.rules,
        dragged,
        hits,
        rectOf,
        point,
        page: { left: 0, top: 0, width: box.width / scaleRef.current, height: box.height / scaleRef.current },
      });
      setDrop(current);
      scrollNear(stage.current?.parentElement ?? null, event.clientY);
    };
    const up = () => {
      if (current) latest.current.onDrop(source, current);
      setDrop(null);
      setPointer(null);
      latest.current.onDragEnd();
    };
    const cancel = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrop(null);
      setPointer(null);
      latest.current.onDragEnd();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('keydown', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('keydown', cancel);
    };
  }, [props.drag, rectOf]);

  const environment = useMemo(() => ({ ...props.environment, assets }), [props.environment, assets]);
  const selected = props.selectedId ? rectOf(props.selectedId) : null;
  const hovered = hoverId && hoverId !== props.selectedId && !props.drag ? rectOf(hoverId) : null;

  return (
    <div className="builder-room" style={{ width: width * scale, height: height * scale }}>
      <div
        className="builder-stage"
        ref={stage}
        style={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined }}
        data-breakpoint={props.breakpoint}
      >
        <iframe
          ref={frame}
          title={props.label}
          className="builder-frame"
          style={{ width, height }}
          data-testid="builder-canvas"
        />
        {root
          ? createPortal(
              <BlockContext.Provider value={environment}>
                <CanvasBlocks blocks={props.tree} words={props.words} />
              </BlockContext.Provider>,
              root,
            )
          : null}
        <div className="builder-marks">
          {hovered ? <div className="builder-hover" aria-hidden="true" style={boxStyle(hovered)} /> : null}
          {selected ? (
            <div className="builder-selected" style={boxStyle(selected)} data-selected-box>
              <div
                className="builder-toolbar"
                style={{
                  ...(selected.top < 36 ? { top: '100%', bottom: 'auto' } : {}),
                  // At its own size however small the canvas is shown.
                  ...(scale < 1
                    ? {
                        transform: `scale(${1 / scale})`,
                        transformOrigin: selected.top < 36 ? '0 0' : '0 100%',
                      }
                    : {}),
                }}
              >
                {props.toolbar}
              </div>
            </div>
          ) : null}
          {drop ? (
            drop.indicator.kind === 'box' ? (
              <div
                className="builder-drop-box"
                aria-hidden="true"
                style={boxStyle(drop.indicator.rect)}
                data-drop-indicator
              />
            ) : (
              <div
                className="builder-drop-line"
                aria-hidden="true"
                data-drop-indicator
                style={{
                  left: drop.indicator.left - (drop.indicator.width === 0 ? 2 : 0),
                  top: drop.indicator.top - (drop.indicator.height === 0 ? 2 : 0),
                  width: Math.max(drop.indicator.width, 4),
                  height: Math.max(drop.indicator.height, 4),
                }}
              />
            )
          ) : null}
        </div>
        {props.drag ? <div className="builder-catcher" /> : null}
        {props.drag && pointer
          ? createPortal(
              <div
                className="builder-ghost"
                aria-hidden="true"
                style={{ left: pointer.x + 12, top: pointer.y + 12 }}
              >
                {props.drag.label}
              </div>,
              document.body,
            )
          : null}
      </div>
    </div>
  );
}

function boxStyle(rect: Rect) {
  return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
}

/** An element's box; a wrapper laid out as `display: contents` has none: its children's, joined. */
function boxOf(element: Element): Rect | null {
  const own = element.getBoundingClientRect();
  if (own.width > 0 || own.height > 0)
    return { left: own.left, top: own.top, width: own.width, height: own.height };
  const boxes = [...element.children].map(boxOf).filter((box): box is Rect => box !== null);
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** Near the top or bottom of the editor's scrolling area while dragging: it scrolls that way. */
function scrollNear(scroller: HTMLElement | null, clientY: number) {
  if (!scroller) return;
  const box = scroller.getBoundingClientRect();
  if (clientY < box.top + 48) scroller.scrollBy(0, -24);
  else if (clientY > box.bottom - 48) scroller.scrollBy(0, 24);
}

function probe(id: string, type = ''): Block {
  return { id, type, props: {} };
}
