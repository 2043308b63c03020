import type { ReactFlowProps } from "@xyflow/react";

/**
 * A React Flow drawn as a picture, not an editor: nothing drags, connects, selects or takes
 * focus inside xyflow (a node that is a control renders its own button, reached with Tab), and
 * the wheel scrolls the page. Shared by the lab's topology and the lessons' decision flowchart.
 */
export const stillFlow = {
  nodesDraggable: false,
  nodesConnectable: false,
  nodesFocusable: false,
  edgesFocusable: false,
  elementsSelectable: false,
  zoomOnScroll: false,
  preventScrolling: false,
  disableKeyboardA11y: true,
} satisfies Partial<ReactFlowProps>;
