/** Served as a file of its own: the Content-Security-Policy runs no inline script. */
export const API_REFERENCE_SCRIPT_PATH = '/api/docs/reference.js';

/**
 * A self-contained reference page for /api/v1 (no CDN: installations may have no internet). It reads the
 * OpenAPI document and lists every operation with its parameters, request and response schemas.
 */
export function renderApiReferencePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MAM REST API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;background:#1a1b1e;color:#e9ecef}
main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:22px}a{color:#74c0fc}
.op{border:1px solid #373a40;border-radius:6px;margin:12px 0;background:#25262b}
.op summary{cursor:pointer;padding:10px 12px;display:flex;gap:12px;align-items:center}
.m{font-weight:700;font-family:monospace;padding:2px 8px;border-radius:4px;background:#1971c2;color:#fff;min-width:56px;text-align:center}
.m.post{background:#2f9e44}.m.patch,.m.put{background:#e8590c}.m.delete{background:#c92a2a}
.path{font-family:monospace}.body{padding:0 12px 12px}
pre{background:#141517;padding:10px;border-radius:4px;overflow:auto;font-size:12px}
</style></head><body><main>
<h1>MAM REST API</h1>
<p>Authenticate every request with an API key (User settings → API Keys) sent as <code>Authorization: Bearer &lt;key&gt;</code>
or in the header your administrator configured. Errors are JSON <code>{"code","message"}</code>.
The machine-readable document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>
<div id="ops">Loading…</div>
</main>
<script src="${API_REFERENCE_SCRIPT_PATH}"></script></body></html>`;
}

/** The page's script: reads the OpenAPI document and renders each operation. */
export const API_REFERENCE_SCRIPT = `fetch('/api/v1/openapi.json').then(r=>r.json()).then(doc=>{
  const root=document.getElementById('ops');root.textContent='';
  const esc=s=>String(s).replace(/[&<>]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;'}[c]));
  // JSON where the operation has it, else its one media type (files, CSV, XMP).
  const bodySchema=content=>{if(!content)return null;const media=content['application/json']||Object.values(content)[0];return media&&media.schema?media.schema:null;};
  for(const [path,ops] of Object.entries(doc.paths)){
    for(const [method,op] of Object.entries(ops)){
      const d=document.createElement('details');d.className='op';
      const ok=Object.entries(op.responses).find(([s])=>s.startsWith('2'));
      let schema=ok?bodySchema(ok[1].content):null;
      if(schema&&schema.$ref){schema=doc.components.schemas[schema.$ref.split('/').pop()];}
      d.innerHTML='<summary><span class="m '+method+'">'+method.toUpperCase()+'</span><span class="path">'+esc(path)+'</span><span>'+esc(op.summary||'')+'</span></summary>'+
        '<div class="body">'+(op.parameters&&op.parameters.length?'<h4>Parameters</h4><pre>'+esc(JSON.stringify(op.parameters,null,2))+'</pre>':'')+
        (op.requestBody?'<h4>Request body</h4><pre>'+esc(JSON.stringify(bodySchema(op.requestBody.content),null,2))+'</pre>':'')+
        '<h4>Response '+(ok?ok[0]:'')+'</h4><pre>'+esc(JSON.stringify(schema,null,2))+'</pre>'+
        '<h4>Errors</h4><pre>'+esc(Object.entries(op.responses).filter(([s])=>!s.startsWith('2')).map(([s,r])=>s+' '+r.description).join('\\n'))+'</pre></div>';
      root.appendChild(d);
    }
  }
}).catch(()=>{document.getElementById('ops').textContent='The API document could not be loaded.';});
`;
