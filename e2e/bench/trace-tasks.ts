// Diagnostic: the main-thread tasks of a Chrome performance trace (trace-portal.ts CHROME_TRACE=…), from
// the navigation on: each task over MIN ms with its start, length and what it spent the time on (script
// evaluated or called, by file; style, layout, paint, parsing, garbage collection), and the paints.
//   npx tsx e2e/bench/trace-tasks.ts /tmp/t.json [MIN=5]
import fs from 'node:fs';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string; documentLoaderURL?: string }; name?: string };
}

const raw = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;
const min = Number(process.argv[3] ?? 5);
const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const navigation = events.filter((e) => e.name === 'navigationStart' && mainThreads.has(`${e.pid}:${e.tid}`) && e.args?.data?.documentLoaderURL).at(-1);
if (!navigation) throw new Error('no navigationStart in the trace');
const key = `${navigation.pid}:${navigation.tid}`;
const t0 = navigation.ts;
const ms = (us: number) => Math.round((us - t0) / 1000);
const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || '(inline)';

const onMain = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ts >= t0 - 1000).sort((a, b) => a.ts - b.ts);
const allTasks = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
// The scheduler nests one task name in the other: only the outermost counts.
const tasks = allTasks.filter((e) => !allTasks.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.ts < e.ts || (o.dur ?? 0) > (e.dur ?? 0) || o.name === 'RunTask')));
const leaves = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'ParseHTML', 'ParseAuthorStyleSheet', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'v8.compile', 'v8.compileModule', 'Commit', 'Layerize', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'v8.run']);
for (const task of tasks) {
  if ((task.dur ?? 0) / 1000 < min) continue;
  const end = task.ts + (task.dur ?? 0);
  const inner = onMain.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end && leaves.has(e.name));
  // Self-contained slices: only the outermost of nested leaves counts.
  const parts = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const e of inner) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    if (stack.length === 0) {
      const d = e.args?.data;
      const label = e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'v8.compileModule' || e.name === 'v8.compile' ? `${e.name} ${short(d?.url)}` : e.name === 'FunctionCall' ? `call ${short(d?.url)}${d?.functionName ? ` ${d.functionName}` : ''}` : e.name;
      parts.set(label, (parts.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    stack.push(e);
  }
  const detail = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
  console.log(`${ms(task.ts)} ms task ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${detail}`);
}
for (const e of onMain.filter((e) => ['firstPaint', 'firstContentfulPaint', 'largestContentfulPaint::Candidate', 'MarkDOMContent', 'MarkLoad'].includes(e.name))) console.log(`${ms(e.ts)} ms ${e.name}`);
