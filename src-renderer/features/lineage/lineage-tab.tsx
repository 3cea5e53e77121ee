/**
 * The Lineage tab of a memory: why it exists (its ancestors down to the raw captures) and what
 * depends on it, as a layered graph. Depth and direction are chosen above the canvas; a node is
 * selected with the mouse or the arrow keys, refocused with a double-click or Enter, expanded
 * where it hides neighbours; W lights up every path to the roots. As of a past instant the graph
 * is the mind as it stood then, read-only.
 */
import { useQuery } from '@tanstack/react-query';
import { type Edge, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, useStore, type Viewport } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LineageDirectionName, LineageNodeView } from '../../../shared/contract/lineage';
import { useApi } from '../../api/client';
import { lineageQueries } from '../../api/lineage-queries';
import { hrefOf, navigate } from '../../app/router';
import { isTyping } from '../../components/keys';
import { ErrorState, Loading } from '../../components/states';
import type { MemoryTabProps } from '../memory/memory-tabs';
import { EDGE_STYLES } from './edge-kinds';
import { download, lineageSvg, pngDataUrl, svgDataUrl } from './export-image';
import { fittedViewport, MIN_ZOOM } from './fit';
import {
  type Arrow,
  type DisplayGraph,
  displayGraph,
  displayIdOf,
  findNodes,
  groupIdsOf,
  layoutInputOf,
  mergeExpansion,
  nodeInDirection,
  nodeNear,
  type ShownGraph,
  whyPaths,
} from './graph-model';
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from '../../../shared/lineage-layout';
import { LineageCard } from './lineage-card';
import { LineageLegend } from './lineage-legend';
import { LineageOverview, type OverviewHighlights } from './lineage-overview';
import {
  FLOW_NODE_FRAME,
  type GroupFlowNode,
  linkEndId,
  type MemoryFlowNode,
  NODE_TYPES,
  type NodeActions,
  NodeActionsContext,
  nodeDomId,
  READABLE_ZOOM,
  ReadableContext,
} from './lineage-nodes';
import './lineage.css';
import { useLayout } from './use-layout';

/** Depth choices: 1 … MAX_DEPTH_STEP steps, then all. */
const MAX_DEPTH_STEP = 10;
const DEFAULT_DEPTH = 3;
/**
 * Above this many drawn nodes a graph is large: links are straight lines (cheapest to draw),
 * zoomed out past reading it is drawn on one canvas (lineage-overview.tsx), and there is no
 * minimap (each of its nodes follows React Flow's store, thousands of them on every frame of a pan).
 */
const LARGE_GRAPH_NODES = 500;
const EMPTY_EDGES: Edge[] = [];
/** How near a box, in screen pixels, a click on the overview canvas selects it. */
const OVERVIEW_CLICK_SLACK_PX = 6;
const DIRECTIONS: { value: LineageDirectionName; label: string }[] = [
  { value: 'up', label: 'Why' },
  { value: 'down', label: 'What depends on this' },
  { value: 'both', label: 'Both' },
];

export function LineageTab(props: MemoryTabProps) {
  return (
    <ReactFlowProvider>
      <LineageView key={`${props.id}|${props.asOf ?? ''}`} {...props} />
    </ReactFlowProvider>
  );
}

function LineageView({ id, asOf }: MemoryTabProps) {
  const api = useApi();
  const [direction, setDirection] = useState<LineageDirectionName>('both');
  const [depth, setDepth] = useState<number | null>(DEFAULT_DEPTH);
  const request = { id, direction, depth, ...(asOf === null ? {} : { asOf }) };
  const answer = useQuery(lineageQueries.graph(api, request));

  return (
    <section className="lineage" aria-label="Lineage">
      <div className="lineage-toolbar" role="toolbar" aria-label="Lineage controls">
        <div className="segmented" role="group" aria-label="Direction">
          {DIRECTIONS.map((d) => (
            <button key={d.value} type="button" aria-pressed={direction === d.value} onClick={() => setDirection(d.value)}>
              {d.label}
            </button>
          ))}
        </div>
        <DepthControl depth={depth} onChange={setDepth} />
      </div>
      {answer.isPending ? (
        <Loading label="Loading lineage…" />
      ) : answer.isError ? (
        <ErrorState error={answer.error} />
      ) : (
        <LineageCanvas
          key={`${direction}|${depth ?? 'all'}`}
          graph={answer.data}
          focus={answer.data.focus}
          cut={answer.data.cut}
          asOf={asOf}
          direction={direction}
          depth={depth}
          onDepth={setDepth}
        />
      )}
    </section>
  );
}

function DepthControl({ depth, onChange }: { depth: number | null; onChange(depth: number | null): void }) {
  return (
    <label className="lineage-depth">
      Depth{' '}
      <select value={depth ?? 'all'} onChange={(event) => onChange(event.target.value === 'all' ? null : Number(event.target.value))}>
        {Array.from({ length: MAX_DEPTH_STEP }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}
          </option>
        ))}
        <option value="all">All</option>
      </select>
    </label>
  );
}

/** One step deeper or shallower: 1 … MAX_DEPTH_STEP, then all (null). */
export function stepDepth(depth: number | null, step: 1 | -1): number | null {
  if (depth === null) return step === 1 ? null : MAX_DEPTH_STEP;
  const next = depth + step;
  if (next > MAX_DEPTH_STEP) return null;
  return Math.max(1, next);
}

interface CanvasProps {
  graph: ShownGraph;
  focus: string;
  cut: number;
  asOf: string | null;
  direction: LineageDirectionName;
  depth: number | null;
  onDepth(depth: number | null): void;
}

function LineageCanvas({ graph: answer, focus, cut, asOf, depth, onDepth }: CanvasProps) {
  const api = useApi();
  const flow = useReactFlow();
  const [graph, setGraph] = useState<ShownGraph>(answer);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [showWhy, setShowWhy] = useState(false);
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  useEffect(() => setGraph(answer), [answer]);

  const display = useMemo(() => displayGraph(graph, focus, openGroups), [graph, focus, openGroups]);
  const layoutInput = useMemo(() => layoutInputOf(display), [display]);
  const layout = useLayout(layoutInput);
  const positions = layout.status === 'ready' ? layout.result.positions : null;
  const paths = useMemo(() => (showWhy ? whyPaths(graph, focus) : null), [showWhy, graph, focus]);
  const matches = useMemo(() => findNodes(graph.nodes, query), [graph.nodes, query]);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph.nodes]);
  const opening = useOpeningViewport(canvasRef, positions);
  // React Flow puts the opening viewport in its store from an effect, after its first render: until
  // then the store's zoom is its default, and the first frame would be drawn for the wrong zoom.
  const readableInStore = useStore((s) => (s.panZoom === null ? null : s.transform[2] >= READABLE_ZOOM));
  const readable = readableInStore ?? (opening?.zoom ?? 1) >= READABLE_ZOOM;
  const large = display.nodes.length > LARGE_GRAPH_NODES;
  const overview = large && !readable;

  const expand = useCallback(
    async (node: LineageNodeView) => {
      if (node.side === 'both') return;
      setProblem(null);
      try {
        const expansion = await api.call('memories.lineageExpand', {
          id: node.id,
          direction: node.side,
          depth: node.depth,
          known: graph.nodes.map((n) => n.id),
          ...(asOf === null ? {} : { asOf }),
        });
        setGraph((current) => mergeExpansion(current, expansion));
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    },
    [api, asOf, graph.nodes],
  );
  const actions = useMemo<NodeActions>(
    () => ({
      expand: (node) => void expand(node),
      openGroup: (groupId) => setOpenGroups((current) => new Set([...current, groupId])),
      refocus: (target) => navigate(hrefOf.memory(target, 'lineage', asOf)),
    }),
    [expand, asOf],
  );

  const nodes = useFlowNodes(display, positions, { focus, selected, paths: paths?.nodes ?? null, matches: matchSet }, overview);
  const edges = useMemo(() => (overview ? EMPTY_EDGES : flowEdges(display, paths?.edges ?? null, readable)), [overview, display, paths, readable]);
  const overviewHighlights = useMemo<OverviewHighlights>(() => ({ selected, paths, matches: matchSet }), [selected, paths, matchSet]);

  const refocus = actions.refocus;
  const centreOn = (target: string) => {
    const at = positions?.[target];
    if (at) void flow.setCenter(at.x + NODE_WIDTH / 2, at.y + NODE_HEIGHT / 2, { zoom: Math.max(flow.getZoom(), 0.6), duration: 0 });
  };
  // Our own fit, not React Flow's: its fitView leaves out hidden nodes, and the overview hides them.
  const fitToView = () => {
    const canvas = canvasRef.current;
    if (positions && canvas) void flow.setViewport(fittedViewport(positions, { width: canvas.clientWidth, height: canvas.clientHeight }));
  };
  /** The box drawn on the overview canvas under a click, if the overview is showing. */
  const overviewHit = (event: { clientX: number; clientY: number }): string | null =>
    overview && positions ? nodeNear(positions, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }), OVERVIEW_CLICK_SLACK_PX / flow.getZoom()) : null;
  const select = (target: string | null) => {
    setSelected(target);
    if (target !== null) centreOn(target);
  };
  const showMatch = (index: number) => {
    const target = matches[index % Math.max(1, matches.length)];
    setMatchIndex(index);
    if (target !== undefined) select(target);
  };
  const exportImage = async (format: 'svg' | 'png') => {
    if (!positions) return;
    setProblem(null);
    try {
      const image = lineageSvg(display, positions, focus);
      download(format === 'svg' ? svgDataUrl(image.svg) : await pngDataUrl(image), `lineage-${focus}.${format}`);
    } catch (error) {
      setProblem(`The ${format.toUpperCase()} could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const handled = (() => {
      if (key.startsWith('Arrow') && positions) {
        const from = selected ?? focus;
        select(selected === null ? focus : (nodeInDirection(positions, from, key as Arrow) ?? from));
        return true;
      }
      if (key === 'Enter' && selected !== null) {
        if (selected.startsWith('group:')) actions.openGroup(selected);
        else refocus(selected);
        return true;
      }
      if (key === 'w' || key === 'W') setShowWhy((on) => !on);
      else if (key === 'f' || key === 'F') fitToView();
      else if (key === '+' || key === '=') onDepth(stepDepth(depth, 1));
      else if (key === '-') onDepth(stepDepth(depth, -1));
      else if ((key === 'e' || key === 'E') && selected !== null && byId.has(selected)) void expand(byId.get(selected) as LineageNodeView);
      else if (key === 'Escape') {
        setSelected(null);
        setShowWhy(false);
      } else return false;
      return true;
    })();
    if (handled) event.preventDefault();
  };

  const selectedNode = selected === null ? null : (byId.get(selected) ?? null);
  const roots = paths === null ? 0 : graph.nodes.filter((n) => paths.nodes.has(n.id) && !graph.edges.some((e) => e.from === n.id)).length;

  return (
    <div className="lineage-body">
      <div className="lineage-toolbar" role="toolbar" aria-label="Lineage view tools">
        <button type="button" aria-pressed={showWhy} onClick={() => setShowWhy((on) => !on)} title="W">
          Why do I believe this
        </button>
        <button type="button" onClick={fitToView} title="F">
          Fit to view
        </button>
        <label className="lineage-find">
          Find{' '}
          <input
            type="search"
            value={query}
            placeholder="words in a node"
            onChange={(event) => {
              setQuery(event.target.value);
              setMatchIndex(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                showMatch(matches.length === 0 ? 0 : matchIndex + (selected !== null && matchSet.has(selected) ? 1 : 0));
              }
            }}
          />
        </label>
        {query.trim() !== '' && (
          <span className="dim" role="status">
            {matches.length === 0 ? 'no node matches' : `${matches.length} match${matches.length === 1 ? '' : 'es'}`}
          </span>
        )}
        {display.grouped && (
          <button type="button" onClick={() => setOpenGroups(new Set(groupIdsOf(display)))}>
            Show every memory
          </button>
        )}
        <button type="button" onClick={() => void exportImage('png')} disabled={!positions}>
          Export PNG
        </button>
        <button type="button" onClick={() => void exportImage('svg')} disabled={!positions}>
          Export SVG
        </button>
      </div>
      <p className="lineage-summary dim" role="status" data-testid="lineage-summary">
        {graph.nodes.length.toLocaleString()} memories, {graph.edges.length.toLocaleString()} links
        {cut > 0 && `; ${cut.toLocaleString()} farther ones left out (expand a node's +N to see more)`}
        {display.grouped && '; grouped by depth and type'}
        {paths !== null && `; ${paths.nodes.size - 1} on the paths to ${roots} root${roots === 1 ? '' : 's'}`}
        {asOf !== null && ` — as of ${new Date(asOf).toLocaleString()}`}
      </p>
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <LineageLegend />
      <div className="lineage-main">
        <div
          ref={canvasRef}
          className="lineage-canvas"
          role="application"
          aria-label="Lineage graph: arrows move the selection, Enter refocuses, E expands, W shows why, F fits, + and − change the depth, Esc clears"
          aria-activedescendant={selected !== null && byId.has(selected) ? nodeDomId(selected) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-ready={layout.status === 'ready' ? 'true' : 'false'}
          data-layout-engine={layout.status === 'ready' ? layout.result.engine : undefined}
          data-layout-ms={layout.status === 'ready' ? Math.round(layout.result.ms) : undefined}
          data-node-count={display.nodes.length}
          data-memory-count={graph.nodes.length}
        >
          {layout.status === 'error' ? (
            <p className="form-error" role="alert">
              The graph could not be laid out: {layout.message}
            </p>
          ) : layout.status === 'pending' ? (
            <Loading label="Laying out the graph…" />
          ) : opening === null ? null : (
            <NodeActionsContext.Provider value={actions}>
              <ReadableContext.Provider value={readable}>
                <ReactFlow
                  nodes={nodes}
                  edges={edges}
                  nodeTypes={NODE_TYPES}
                  onlyRenderVisibleElements
                  nodesDraggable={false}
                  nodesConnectable={false}
                  nodesFocusable={false}
                  edgesFocusable={false}
                  disableKeyboardA11y
                  elementsSelectable={false}
                  minZoom={MIN_ZOOM}
                  defaultViewport={opening}
                  onNodeClick={(_, node) => {
                    setSelected(node.id);
                    // Keys act on the graph after a click; scrolling it into view would move the node from under the pointer.
                    canvasRef.current?.focus({ preventScroll: true });
                  }}
                  zoomOnDoubleClick={false}
                  // Zoomed out, boxes are drawn on the overview canvas: a click selects the one under it.
                  onPaneClick={(event) => setSelected(overviewHit(event))}
                  onDoubleClick={(event) => {
                    if (!(event.target instanceof Element) || !event.target.classList.contains('react-flow__pane')) return;
                    const hit = overviewHit(event);
                    if (hit !== null && !hit.startsWith('group:')) refocus(hit);
                  }}
                >
                  {overview && positions && <LineageOverview display={display} positions={positions} highlights={overviewHighlights} />}
                  {!large && <MiniMap pannable zoomable ariaLabel="Overview of the lineage graph" />}
                </ReactFlow>
              </ReadableContext.Provider>
            </NodeActionsContext.Provider>
          )}
        </div>
        {selectedNode && <LineageCard node={selectedNode} asOf={asOf} onRefocus={() => refocus(selectedNode.id)} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}

interface Highlights {
  focus: string;
  selected: string | null;
  paths: Set<string> | null;
  matches: Set<string>;
}

/**
 * React Flow nodes for the display graph. A node object is kept between renders unless its own
 * flags changed, so selecting or highlighting re-renders only the nodes it touches.
 */
function useFlowNodes(display: DisplayGraph, positions: Positions | null, highlights: Highlights, overview: boolean): (MemoryFlowNode | GroupFlowNode)[] {
  const previous = useRef(new Map<string, MemoryFlowNode | GroupFlowNode>());
  return useMemo(() => {
    if (positions === null) return [];
    const made = new Map<string, MemoryFlowNode | GroupFlowNode>();
    const nodes = display.nodes.flatMap((shown): (MemoryFlowNode | GroupFlowNode)[] => {
      const id = displayIdOf(shown);
      const position = positions[id];
      if (!position) return [];
      const old = previous.current.get(id);
      // In the overview React Flow draws only the focus and the selection; the canvas draws the rest.
      const hidden = overview && id !== highlights.focus && id !== highlights.selected;
      let node: MemoryFlowNode | GroupFlowNode;
      if (shown.kind === 'group') {
        node =
          old?.type === 'group' && old.data.group === shown.group && old.position === position && old.hidden === hidden
            ? old
            : { id, type: 'group', position, data: { group: shown.group }, hidden, ...FLOW_NODE_FRAME };
      } else {
        const data = {
          node: shown.node,
          focus: id === highlights.focus,
          selected: id === highlights.selected,
          onWhyPath: highlights.paths?.has(id) ?? false,
          match: highlights.matches.has(id),
        };
        const same =
          old?.type === 'memory' &&
          old.position === position &&
          old.hidden === hidden &&
          old.data.node === data.node &&
          old.data.focus === data.focus &&
          old.data.selected === data.selected &&
          old.data.onWhyPath === data.onWhyPath &&
          old.data.match === data.match;
        node = same ? old : { id, type: 'memory', position, data, hidden, ...FLOW_NODE_FRAME, ariaLabel: `${shown.node.type} ${shown.node.text}` };
      }
      made.set(id, node);
      return [node];
    });
    previous.current = made;
    return nodes;
  }, [display, positions, highlights.focus, highlights.selected, highlights.paths, highlights.matches, overview]);
}

/**
 * The viewport React Flow opens at: the laid-out graph fitted to the canvas, measured once its
 * positions are known (before the browser paints), and anew for each new layout.
 */
function useOpeningViewport(canvasRef: RefObject<HTMLDivElement | null>, positions: Positions | null): Viewport | null {
  const [opening, setOpening] = useState<{ positions: Positions; viewport: Viewport } | null>(null);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (positions === null || canvas === null) return;
    setOpening({ positions, viewport: fittedViewport(positions, { width: canvas.clientWidth, height: canvas.clientHeight }) });
  }, [canvasRef, positions]);
  return opening !== null && opening.positions === positions ? opening.viewport : null;
}

/** Links as React Flow draws them; zoomed out past reading, without dashes (thousands of tiny dashes are slow to paint). */
function flowEdges(display: DisplayGraph, why: Set<string> | null, readable: boolean): Edge[] {
  const straight = display.nodes.length > LARGE_GRAPH_NODES;
  return display.edges.map((e) => {
    const style = EDGE_STYLES[e.kind];
    const lit = why?.has(e.key) ?? false;
    return {
      id: e.key,
      source: e.from,
      target: e.to,
      sourceHandle: linkEndId('source', e.slot),
      targetHandle: linkEndId('target', e.slot),
      type: straight ? 'straight' : 'default',
      className: `lineage-edge kind-${e.kind}${lit ? ' why' : ''}`,
      style: { stroke: style.colour, strokeDasharray: style.dash === '' || !readable ? undefined : style.dash, strokeWidth: lit ? 3 : 1.5 },
      data: { kind: e.kind },
    };
  });
}
