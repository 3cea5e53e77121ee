/**
 * The two kinds of node the lineage canvas draws: a memory, and a group of memories folded by
 * depth and type in very large graphs. Both are memoized and CSS only: thousands are on screen.
 */
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { createContext, memo, useContext } from 'react';
import type { LineageNodeView } from '../../../shared/contract/lineage';
import { words } from '../../components/format';
import type { GroupNode } from './graph-model';

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

const DIMMED = new Set(['superseded', 'archived', 'forgotten']);
export const nodeDomId = (id: string) => `lineage-node-${id}`;

const MemoryNode = memo(function MemoryNode({ data }: NodeProps<MemoryFlowNode>) {
  const { node } = data;
  const actions = useContext(NodeActionsContext);
  const classes = ['lineage-node', `tier-${node.tier}`];
  if (DIMMED.has(node.status)) classes.push('dimmed');
  if (data.focus) classes.push('focus');
  if (data.selected) classes.push('selected');
  if (data.onWhyPath) classes.push('why');
  if (data.match) classes.push('match');
  const percent = Math.round(node.effectiveConfidence * 100);
  return (
    <div
      id={nodeDomId(node.id)}
      className={classes.join(' ')}
      data-node-id={node.id}
      data-depth={node.depth}
      data-status={node.status}
      onDoubleClick={() => actions.refocus(node.id)}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
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
              actions.expand(node);
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
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
});

const GroupNodeView = memo(function GroupNodeView({ data }: NodeProps<GroupFlowNode>) {
  const { group } = data;
  const actions = useContext(NodeActionsContext);
  return (
    <div className="lineage-group" data-group-id={group.id} onDoubleClick={() => actions.openGroup(group.id)}>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <span>
        {group.count.toLocaleString()} {words(group.type)} · depth {group.depth}
      </span>
      <button type="button" className="nodrag" tabIndex={-1} onClick={() => actions.openGroup(group.id)}>
        Show each
      </button>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
});

/** At module scope: React Flow re-creates every node when this object changes. */
export const NODE_TYPES = { memory: MemoryNode, group: GroupNodeView };
