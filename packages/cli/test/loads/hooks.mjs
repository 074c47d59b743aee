// The module hooks register.mjs installs: each load written synchronously, so the list is whole at exit.
import { appendFileSync } from 'node:fs';

let file = '';

export function initialize(data) {
  file = data;
}

export function load(url, context, next) {
  appendFileSync(file, `${url}\n`);
  return next(url, context);
}
