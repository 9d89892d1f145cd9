/**
 * jsdom without the fetch API's classes: the data routers build a Request for every navigation and loader
 * run. They come from Node (with its AbortController and AbortSignal, which Node's Request insists on).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class StorefrontEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'ReadableStream']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = StorefrontEnvironment;
