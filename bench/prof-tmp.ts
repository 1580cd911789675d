import { spawn } from 'node:child_process';
import { createPage } from '../src-main/content/pages-service';
import { openFixture } from './lib/fixture';
const fx = openFixture();
const spaceId = fx.newSpace('Docs');
const pages = Array.from({ length: 20 }, (_, n) => createPage(fx.ctx, spaceId, { title: `Topic ${n}`, markdown: `# Topic ${n}\n\nHow to install, configure and run it.\n` }));
fx.app.close();
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'out/main/cli.js', 'serve', '--data', fx.dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((r) => child.stdout!.on('data', (c: Buffer) => { const m = /listening on (\S+)/.exec(c.toString()); if (m) r(m[1]!); }));
const which = process.env.WHICH ?? 'page';
const target = which === 'page' ? `${url}/v1/spaces/${spaceId}/content/page/${pages[10]!.pageId}?format=markdown` : `${url}/v1/spaces/${spaceId}`;
const client = `const http=require('node:http');const agent=new http.Agent({keepAlive:true,maxSockets:10});let done=false,n=0;
function once(){return new Promise(r=>{http.get(process.env.U,{agent,headers:{authorization:'Bearer ${fx.token}'}},res=>{res.on('data',()=>{});res.on('end',()=>{n++;r()})}).on('error',r)})}
async function loop(){while(!done)await once()} for(let i=0;i<10;i++)loop(); setTimeout(()=>{done=true;console.log(n/6);setTimeout(()=>process.exit(0),100)},6000);`;
await new Promise((r) => spawn(process.execPath, ['-e', client], { env: { ...process.env, U: target }, stdio: 'inherit' }).on('exit', r));
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
fx.close();
