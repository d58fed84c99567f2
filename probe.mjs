import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3301';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
async function user(ctx, roles, name) {
  const p = await ctx.newPage();
  await p.goto(base + '/about');
  const email = `u${Date.now()}${Math.random()}@ex.test`;
  const h = { origin: base };
  await p.request.post(base + '/api/auth/sign-up/email', {
    data: { name, email, password: 'password123', acceptTerms: true, callbackURL: '/' },
    headers: h,
  });
  const mb = await (await p.request.get(base + '/api/dev/mailbox')).json();
  const link = mb.messages.find((m) => m.to === email).text.match(/https?:\/\/\S+/)[0];
  await p.goto(link);
  for (const role of roles) {
    await p.request.post(base + '/api/account/roles', { data: { role } });
    if (role === 'asker')
      await p.request.put(base + '/api/profiles/asker', {
        data: { name, bio: 'Point guard who loves the pick and roll.' },
      });
    else
      await p.request.put(base + '/api/profiles/expert', {
        data: {
          name,
          expertise: 'Shooting mechanics',
          price: '40',
          bio: 'Former college shooter.',
          websiteUrl: 'coach.example.com',
          acceptedAgreement: true,
        },
      });
  }
  const acc = await (await p.request.get(base + '/api/account')).json();
  return { p, acc };
}
const shots = JSON.parse(process.argv[2]);
for (const width of [1280, 390]) {
  for (const [who, paths] of Object.entries(shots)) {
    const ctx = await b.newContext({ viewport: { width, height: 900 } });
    let page;
    if (who === 'anon') {
      page = await ctx.newPage();
    } else if (who === 'player') page = (await user(ctx, ['asker'], 'Jamie Rivers')).p;
    else if (who === 'coach') page = (await user(ctx, ['expert'], 'Dana Cole')).p;
    else if (who === 'none') page = (await user(ctx, [], 'Nora None')).p;
    for (const path of paths) {
      await page.goto(base + path);
      await page.waitForTimeout(900);
      const name = who + path.replace(/\W+/g, '_') + '_' + width;
      await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: width > 400 });
    }
    await ctx.close();
  }
}
await b.close();
