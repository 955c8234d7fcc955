#!/usr/bin/env node
// Plain ES5 and no import statement: an older Node must be able to read this file to say which
// version is needed. bin/launch.js picks the compiled or the TypeScript code.
var need = 20;
var have = process.versions.node;
if (Number(have.split('.')[0]) < need) {
  process.stderr.write('jsec needs Node.js ' + need + ' or newer; this is Node.js ' + have + '\n');
  process.exit(1);
}
new Function('specifier', 'return import(specifier)')('./launch.js').then(function (m) {
  return m.launch('jsec');
});
