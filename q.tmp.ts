import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './server/db/schema';
import { coachInboxRead, playerQuestionsRead } from './server/modules/questions/viewer-reads';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_large' });
const { rows } = await pool.query("select s.token from sessions s join users u on u.id=s.user_id where u.email='user1@bench.playbook.local' and s.expires_at > now() limit 1");
const token = rows[0].token;
let q = ''; let lastParams: unknown[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (s: string, p: unknown[]) => { q = s; lastParams = p; } } }) as never;
await coachInboxRead(db, token, 'all', undefined);
console.log(q);
const c = await pool.connect();
const params = lastParams;
const text = q;
for (let i=0;i<8;i++){ const t=performance.now(); await c.query({name:'x', text, values: params}); console.log('prep', performance.now()-t);} 
const ex = await c.query({text: 'explain analyze ' + text, values: params}); console.log(ex.rows.map((r: any)=>r['QUERY PLAN']).join('\n'));
c.release();
for (let i = 0; i < 5; i++) { const t = performance.now(); await coachInboxRead(db, token, 'all', undefined); console.log(performance.now() - t); }
await pool.end();
