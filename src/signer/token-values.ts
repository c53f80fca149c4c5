import { CURRENT_TREASURY } from '../policies/account-ids.js';
import { movement } from '../policies/transfer-lines.js';
import type { Movement } from '../values/movement.js';
import { DESTROYED } from './described-body.js';
import { accountOf, optionalAccountOf, tokenOf, wholeOf } from './proto-values.js';
import { unbounded } from './transfer-values.js';

type Reader = (data: any, payer: string, field: string) => Movement[];

/**
 * Supply changes. Minting and creating a token make new units in the treasury and take nothing from
 * anyone, so they move no value (their details say what they make). A burn destroys the treasury's
 * units, a wipe an account's: both leave their holder for `'destroyed'`.
 */
export const tokenBurn: Reader = (data, _payer, field) => {
  const token = tokenOf(data.token, `${field}.token`);
  return destroyed(token, CURRENT_TREASURY, data, field);
};

export const tokenWipe: Reader = (data, _payer, field) => {
  const token = tokenOf(data.token, `${field}.token`);
  return destroyed(token, accountOf(data.account, `${field}.account`), data, field);
};

function destroyed(token: string, holder: string, data: any, field: string): Movement[] {
  const amount = wholeOf(data.amount, `${field}.amount`);
  const movements: Movement[] = amount > 0n ? [movement(token, holder, DESTROYED, amount, undefined)] : [];
  (data.serialNumbers ?? []).forEach((value: unknown, at: number) => {
    const serial = Number(wholeOf(value, `${field}.serialNumbers[${at}]`));
    movements.push(movement(token, holder, DESTROYED, 1n, 0, { serial, display: `NFT ${token} serial ${serial}` }));
  });
  return movements;
}

/** A new treasury takes the current treasury's whole balance of the token, an amount the bytes do not hold. */
export const tokenUpdate: Reader = (data, _payer, field) => {
  const treasury = optionalAccountOf(data.treasury, `${field}.treasury`);
  if (treasury === undefined) return [];
  const token = tokenOf(data.token, `${field}.token`);
  return [unbounded(token, CURRENT_TREASURY, treasury, `the treasury balance of ${token}`)];
};

export const noMovements: Reader = () => [];

/** Readable facts of a token creation or mint, which move nothing but say what they make. */
export function tokenDetails(type: string, data: any, field: string): Record<string, string> {
  if (type === 'tokenCreation') {
    return {
      treasury: accountOf(data.treasury, `${field}.treasury`),
      initialSupply: String(wholeOf(data.initialSupply, `${field}.initialSupply`)),
      ...(data.name ? { name: String(data.name) } : {}),
      ...(data.symbol ? { symbol: String(data.symbol) } : {}),
    };
  }
  if (type === 'tokenMint') {
    const serials = (data.metadata ?? []).length;
    return { token: tokenOf(data.token, `${field}.token`), minted: serials ? `${serials} NFT serial(s)` : `${wholeOf(data.amount, `${field}.amount`)} base units` };
  }
  return {};
}
