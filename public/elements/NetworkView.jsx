// Network view: draws props.nodes / props.edges as SVG (no CDN, no npm graph library).
// Drag the background to pan, wheel or the buttons to zoom, click a node to open its dossier.
import { useMemo, useRef, useState } from 'react';

const W = 760;
const H = 460;

function layout(nodes, edges, focus) {
  // Small deterministic force layout: same input, same picture (screenshots, tests).
  const pos = {};
  const n = nodes.length || 1;
  nodes.forEach((node, i) => {
    const a = (2 * Math.PI * i) / n;
    pos[node.id] = node.id === focus ? { x: W / 2, y: H / 2 } : { x: W / 2 + 180 * Math.cos(a), y: H / 2 + 150 * Math.sin(a) };
  });
  const k = Math.sqrt((W * H) / n) * 0.6;
  for (let it = 0; it < 220; it++) {
    const disp = {};
    nodes.forEach((v) => { disp[v.id] = { x: 0, y: 0 }; });
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) {
        const a = pos[nodes[i].id], b = pos[nodes[j].id];
        let dx = a.x - b.x, dy = a.y - b.y;
        const d = Math.max(Math.sqrt(dx * dx + dy * dy), 0.01);
        const f = (k * k) / d;
        dx /= d; dy /= d;
        disp[nodes[i].id].x += dx * f; disp[nodes[i].id].y += dy * f;
        disp[nodes[j].id].x -= dx * f; disp[nodes[j].id].y -= dy * f;
      }
    }
    edges.forEach((e) => {
      const a = pos[e.source], b = pos[e.target];
      if (!a || !b) return;
      let dx = a.x - b.x, dy = a.y - b.y;
      const d = Math.max(Math.sqrt(dx * dx + dy * dy), 0.01);
      const f = (d * d) / k;
      dx /= d; dy /= d;
      disp[e.source].x -= dx * f; disp[e.source].y -= dy * f;
      disp[e.target].x += dx * f; disp[e.target].y += dy * f;
    });
    const t = 20 * (1 - it / 220) + 1;
    nodes.forEach((v) => {
      if (v.id === focus) return;
      const d = disp[v.id];
      const len = Math.max(Math.sqrt(d.x * d.x + d.y * d.y), 0.01);
      pos[v.id].x = Math.min(W - 30, Math.max(30, pos[v.id].x + (d.x / len) * Math.min(len, t)));
      pos[v.id].y = Math.min(H - 20, Math.max(20, pos[v.id].y + (d.y / len) * Math.min(len, t)));
    });
  }
  return pos;
}

export default function NetworkView() {
  const nodes = props.nodes || [];
  const edges = props.edges || [];
  const pos = useMemo(() => layout(nodes, edges, props.focus), [props]);
  const [view, setView] = useState({ x: 0, y: 0, k: 1 });
  const [selected, setSelected] = useState(null);
  const drag = useRef(null);

  const zoom = (factor) => setView((v) => ({ ...v, k: Math.min(4, Math.max(0.25, v.k * factor)) }));
  const onWheel = (ev) => { ev.preventDefault(); zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15); };
  const onDown = (ev) => { drag.current = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y }; };
  const onMove = (ev) => {
    if (!drag.current) return;
    const d = drag.current;
    setView((v) => ({ ...v, x: d.vx + ev.clientX - d.x, y: d.vy + ev.clientY - d.y }));
  };
  const onUp = () => { drag.current = null; };
  const open = (node) => {
    setSelected(node.id);
    callAction({ name: 'open_dossier', payload: { id: node.id, kind: node.kind, name: node.label } });
  };

  if (!nodes.length) {
    return <div className="text-sm text-muted-foreground">{props.title}: no relationships found.</div>;
  }
  return (
    <div className="shabgraph-network flex flex-col gap-1 w-full" data-testid="network-view">
      <div className="flex items-center gap-2 text-sm">
        <strong>{props.title}</strong>
        <span className="text-muted-foreground">{nodes.length} nodes · {edges.length} edges</span>
        <button className="border rounded px-2" onClick={() => zoom(1.25)} aria-label="zoom in">+</button>
        <button className="border rounded px-2" onClick={() => zoom(0.8)} aria-label="zoom out">−</button>
        <button className="border rounded px-2" onClick={() => setView({ x: 0, y: 0, k: 1 })}>reset</button>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full border rounded" style={{ maxHeight: 480, cursor: 'grab', background: 'var(--background, #fff)' }}
           onWheel={onWheel} onMouseDown={onDown} onMouseMove={onMove} onMouseUp={onUp} onMouseLeave={onUp}>
        <defs>
          <marker id="sg-arrow" viewBox="0 0 10 10" refX="18" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#888" />
          </marker>
        </defs>
        <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
          {edges.map((e, i) => {
            const a = pos[e.source], b = pos[e.target];
            if (!a || !b) return null;
            return (
              <g key={`e${i}`} className="sg-edge">
                <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#999" strokeWidth="1.2" markerEnd="url(#sg-arrow)" />
                <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2 - 3} fontSize="8" fill="#777" textAnchor="middle">{e.label || e.type}</text>
              </g>
            );
          })}
          {nodes.map((node) => {
            const p = pos[node.id];
            const isFocus = node.id === props.focus;
            const fill = node.kind === 'person' ? '#f59e0b' : '#2563eb';
            return (
              <g key={node.id} className="sg-node" data-node-id={node.id} style={{ cursor: 'pointer' }}
                 onMouseDown={(ev) => ev.stopPropagation()} onClick={() => open(node)}>
                {node.kind === 'person'
                  ? <circle cx={p.x} cy={p.y} r={isFocus ? 11 : 8} fill={fill} stroke={selected === node.id ? '#111' : '#fff'} strokeWidth="2" />
                  : <rect x={p.x - (isFocus ? 11 : 8)} y={p.y - (isFocus ? 11 : 8)} width={isFocus ? 22 : 16} height={isFocus ? 22 : 16} rx="3" fill={fill} stroke={selected === node.id ? '#111' : '#fff'} strokeWidth="2" />}
                <text x={p.x} y={p.y + 20} fontSize="9" textAnchor="middle" fill="currentColor">{(node.label || '').slice(0, 28)}</text>
                <title>{node.label} ({node.kind}) — click for the dossier</title>
              </g>
            );
          })}
        </g>
      </svg>
      <div className="text-xs text-muted-foreground">■ company · ● person · drag to pan · wheel to zoom · click a node for its dossier</div>
    </div>
  );
}
