import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Transaction } from '../db/database';

const currentTransaction = new AsyncLocalStorage<Transaction>();

/**
 * The auth library runs sign-up (user + credentials) in one transaction on the database
 * object it is given. This wraps that object so code called from inside the library's
 * hooks can write its own rows in the same transaction (see `transactionInProgress`).
 */
export function trackTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      const transaction: Database['transaction'] = (work, config) =>
        target.transaction((tx) => currentTransaction.run(tx, () => work(tx)), config);
      return transaction;
    },
  });
}

/** The transaction the auth library is running now, or `db` when it runs none. */
export function transactionInProgressOr(db: Database): Database | Transaction {
  return currentTransaction.getStore() ?? db;
}
