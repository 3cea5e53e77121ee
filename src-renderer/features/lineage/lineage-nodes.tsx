/**
 * The two kinds of node the lineage canvas draws: a memory, and a group of memories folded by
 * depth and type in very large graphs. Both are memoized and CSS only: thousands are on screen.
 * Every node's size and link ends are given with it (FLOW_NODE_FRAME), so the first paint has its
 * links; each also draws its handles (hidden), because React Flow still measures a node once
 * and then takes the link ends from the handles it finds in the DOM: with none, it draws no
 * links at all. Zoomed out past reading, a memory is its box and handles alone (no words, bar or
 * buttons): a fraction of the DOM to build, lay out and paint.
 */
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { createContext, Fragment, memo, useContext } from 'react';
import { NODE_HEIGHT, NODE_WIDTH } from '../../../shared/lineage-layout';
import type { LineageNodeView } from '../../../shared/contract/lineage';
import { words } from '../../components/format';
import { type GroupNode, LINK_SLOT_OFFSETS, linkSlotOf } from './graph-model';

/** How a memory node stands in the view right now. */
export interface MemoryNodeData extends Record<string, unknown> {
  node: LineageNodeView;
  focus: boolean;
  selected: boolean;
  onWhyPath: boolean;
  match: boolean;
}
export type MemoryFlowNode = Node<MemoryNodeData, 'memory'>;
export type GroupFlowNode = Node<{ group: GroupNode }, 'group'>;

/** What a node's buttons do; provided once by the view so node data stays plain. */
export interface NodeActions {
  expand(node: LineageNodeView): void;
  openGroup(groupId: string): void;
  refocus(id: string): void;
}
export const NodeActionsContext = createContext<NodeActions>({ expand: () => undefined, openGroup: () => undefined, refocus: () => undefined });

/** Below this zoom a node's words are too small to read: nodes are drawn as bare boxes. */
export const READABLE_ZOOM = 0.4;
/** Whether the canvas is zoomed in far enough for nodes to show their words; provided by the view. */
export const ReadableContext = createContext(true);

/** The handle a link of this slot leaves from (source, the bottom) or arrives at (target, the top). */
export const linkEndId = (type: 'source' | 'target', slot: number) => `${type}-${linkSlotOf(slot)}`;

/**
 * What every flow node carries besides its place: its size, as measured, and where links meet it
 * (along the top and the bottom, a place per link slot), so nodes and links are drawn on the first paint rather than after a
 * measuring pass (the pass still runs once; `LinkEnds` keeps its answer the same).
 */
export const FLOW_NODE_FRAME: Required<Pick<Node, 'width' | 'height' | 'measured' | 'handles'>> = {
  width: NODE_WIDTH,
  height: NODE_HEIGHT,
  measured: { width: NODE_WIDTH, height: NODE_HEIGHT },
  handles: LINK_SLOT_OFFSETS.flatMap((offset, slot) => [
    { id: linkEndId('target', slot), type: 'target' as const, position: Position.Top, x: NODE_WIDTH / 2 + offset, y: 0, width: 0, height: 0 },
    { id: linkEndId('source', slot), type: 'source' as const, position: Position.Bottom, x: NODE_WIDTH / 2 + offset, y: NODE_HEIGHT, width: 0, height: 0 },
  ]),
};

/** Where links meet a node, as FLOW_NODE_FRAME says: along the top for what stands on it, the bottom for what it stands on. */
function LinkEnds() {
  return (
    <>
      {LINK_SLOT_OFFSETS.map((offset, slot) => (
        <Fragment key={slot}>
          <Handle id={linkEndId('target', slot)} type="target" position={Position.Top} isConnectable={false} style={{ left: `calc(50% + ${offset}px)` }} />
          <Handle id={linkEndId('source', slot)} type="source" position={Position.Bottom} isConnectable={false} style={{ left: `calc(50% + ${offset}px)` }} />
        </Fragment>
      ))}
    </>
  );
}

const DIMMED = new Set(['superseded', 'archived', 'forgotten']);
export const nodeDomId = (id: string) => `lineage-node-${id}`;

const MemoryNode = memo(function MemoryNode({ data }: NodeProps<MemoryFlowNode>) {
  const { node } = data;
  const actions = useContext(NodeActionsContext);
  const readable = useContext(ReadableContext);
  const classes = ['lineage-node', `tier-${node.tier}`];
  if (DIMMED.has(node.status)) classes.push('dimmed');
  if (data.focus) classes.push('focus');
  if (data.selected) classes.push('selected');
  if (data.onWhyPath) classes.push('why');
  if (data.match) classes.push('match');
  return (
    <div
      id={nodeDomId(node.id)}
      className={classes.join(' ')}
      data-node-id={node.id}
      data-depth={node.depth}
      data-status={node.status}
      onDoubleClick={() => actions.refocus(node.id)}
    >
      <LinkEnds />
      {readable && <MemoryNodeBody node={node} expand={actions.expand} />}
    </div>
  );
});

function MemoryNodeBody({ node, expand }: { node: LineageNodeView; expand: NodeActions['expand'] }) {
  const percent = Math.round(node.effectiveConfidence * 100);
  return (
    <>
      <div className="lineage-node-head">
        <span className="lineage-type">{words(node.type)}</span>
        {node.status !== 'active' && <span className="lineage-status">{words(node.status)}</span>}
        {node.hidden > 0 && (
          <button
            type="button"
            className="lineage-more nodrag"
            tabIndex={-1}
            aria-label={`Show ${node.hidden} hidden neighbours of ${node.id}`}
            onClick={(event) => {
              event.stopPropagation();
              expand(node);
            }}
          >
            +{node.hidden}
          </button>
        )}
      </div>
      <div className="lineage-text">{node.text === '' ? '(no words)' : node.text}</div>
      <div className="lineage-bar" title={`Effective confidence ${percent}%`}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}

const GroupNodeView = memo(function GroupNodeView({ data }: NodeProps<GroupFlowNode>) {
  const { group } = data;
  const actions = useContext(NodeActionsContext);
  return (
    <div className="lineage-group" data-group-id={group.id} onDoubleClick={() => actions.openGroup(group.id)}>
      <LinkEnds />
      <span>
        {group.count.toLocaleString()} {words(group.type)} · depth {group.depth}
      </span>
      <button type="button" className="nodrag" tabIndex={-1} onClick={() => actions.openGroup(group.id)}>
        Show each
      </button>
    </div>
  );
});

/** At module scope: React Flow re-creates every node when this object changes. */
export const NODE_TYPES = { memory: MemoryNode, group: GroupNodeView };
