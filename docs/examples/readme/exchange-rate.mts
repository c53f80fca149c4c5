import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet({ exchangeRate: { hbarEquiv: 1, centEquiv: 12 } }); // 12 ¢ per HBAR
const rates = (await (await fetch(`${net.mirrorUrl}/api/v1/network/exchangerate`)).json()) as { current_rate: object };
console.log(rates.current_rate); // { cent_equivalent: 12, expiration_time: …, hbar_equivalent: 1 }
net.setExchangeRate({ hbarEquiv: 1, centEquiv: 20 }); // from now on 20 ¢; fees follow
await net.stop();
