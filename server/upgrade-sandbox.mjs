// The content-upgrade sandbox (issue 28 item 1): a child process that runs content types' own `upgrades.js` hooks
// on content parameters, the way H5P's editor and its PHP admin page run them in the browser — here on the server,
// where they must not reach anything. Layers, outermost first:
//   1. A process of its own, started by lib/h5p/upgrade/sandbox.ts with Node's permission model
//      (--experimental-permission / --permission): no file system beyond reading this one file, no child processes,
//      no worker threads, no native addons; an empty environment; a heap limit (--max-old-space-size) and a watchdog
//      that kills it when an item takes too long (it is started again for the next item).
//   2. Inside it, the hooks run in a `node:vm` context that holds no object of this process: it is created from a
//      null-prototype object, data goes in and out only as JSON strings (parsed and written by the context's own
//      JSON), and the context may not compile code from strings or WebAssembly. Each run has a time limit.
//   `node:vm` alone is not a sandbox (a host object handed in leads back to `process`); here it is the inner wall.
// Protocol: one JSON message per line on stdin, one answer per line on stdout.
//   {"id":1,"op":"load","libraries":[{name,version,semantics,upgrades}]}  → {"id":1,"ok":true,"errors":[...]}
//   {"id":2,"op":"upgrade","name","from","to","content":"{\"params\":…,\"metadata\":…}"} → {"id":2,"ok":true,"content":"…"}
//                                                                                    or {"id":2,"ok":false,"error":{…}}
import vm from 'node:vm';

const RUN_MS = Number(process.argv[2] ?? 2000) || 2000;

// What runs inside the context: H5P's ContentUpgradeProcess (h5p-php-library js/h5p-content-upgrade-process.js,
// GPL-3.0, the same rules: major and minor hooks in order, sub-content upgraded to the versions the new semantics
// offer), with a serial loop that does not grow the stack when hooks answer at once, and the few helpers hooks use
// (H5P.jQuery's extend/each/isArray …, H5P.createUUID). It is written here as a function and given to the context
// as source text: nothing of this realm is shared.
function contextMain() {
  'use strict';
  var g = globalThis;
  var H5P = (g.H5P = {});
  g.H5PUpgrades = {};
  var libs = {};

  function Version(v) {
    var parts = String(v).split('.', 3);
    this.major = +parts[0];
    this.minor = +parts[1];
    this.toString = function () {
      return this.major + '.' + this.minor;
    };
  }
  H5P.Version = Version;
  H5P.createUUID = function () {
    return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, function (c) {
      var r = (Math.random() * 16) | 0;
      return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
    });
  };
  function isPlain(o) {
    return o !== null && typeof o === 'object' && Object.prototype.toString.call(o) === '[object Object]';
  }
  var $ = {
    isArray: Array.isArray,
    isPlainObject: isPlain,
    isFunction: function (f) {
      return typeof f === 'function';
    },
    isEmptyObject: function (o) {
      for (var k in o) return false;
      return true;
    },
    trim: function (s) {
      return s == null ? '' : String(s).trim();
    },
    inArray: function (v, a) {
      return a ? Array.prototype.indexOf.call(a, v) : -1;
    },
    each: function (o, fn) {
      if (Array.isArray(o)) {
        for (var i = 0; i < o.length; i++) if (fn.call(o[i], i, o[i]) === false) break;
      } else if (o) {
        for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k) && fn.call(o[k], k, o[k]) === false) break;
      }
      return o;
    },
    map: function (o, fn) {
      var out = [];
      $.each(o, function (k, v) {
        var r = fn(v, k);
        if (r != null) out = out.concat(r);
      });
      return out;
    },
    grep: function (a, fn, invert) {
      return Array.prototype.filter.call(a || [], function (v, i) {
        return !fn(v, i) === !!invert;
      });
    },
    extend: function () {
      var args = Array.prototype.slice.call(arguments);
      var deep = false;
      if (typeof args[0] === 'boolean') deep = args.shift();
      var target = args.shift() || {};
      args.forEach(function (src) {
        if (src == null) return;
        for (var k in src) {
          if (!Object.prototype.hasOwnProperty.call(src, k) || k === '__proto__') continue;
          var v = src[k];
          if (v === target) continue;
          if (deep && v && (isPlain(v) || Array.isArray(v))) {
            var base = target[k] && (isPlain(target[k]) || Array.isArray(target[k])) ? target[k] : Array.isArray(v) ? [] : {};
            target[k] = $.extend(true, base, v);
          } else if (v !== undefined) target[k] = v;
        }
      });
      return target;
    },
  };
  H5P.jQuery = $;

  /** Calls process(key, value, next) for each own key (array: index) in order; finished(err) at the end. */
  function serial(obj, process, finished) {
    var isArray = Array.isArray(obj);
    var keys = isArray ? null : Object.keys(obj || {});
    var count = isArray ? obj.length : keys.length;
    var i = 0;
    var ended = false;
    function end(err) {
      if (ended) return;
      ended = true;
      finished(err);
    }
    function loop() {
      while (i < count) {
        const key = isArray ? i : keys[i];
        let sync = true;
        let called = false;
        process(key, obj[key], function (err) {
          if (called || ended) return;
          called = true;
          if (err !== undefined && err !== null) return end(err);
          i++;
          if (!sync) loop();
        });
        sync = false;
        // answered later: the callback goes on from there
        if (!called || ended) return;
      }
      end(null);
    }
    loop();
  }

  function libString(name, v) {
    return name + ' ' + v.major + '.' + v.minor;
  }

  function loadLibrary(name, version, next) {
    var lib = libs[libString(name, version)];
    if (!lib) return next({ type: 'libraryMissing', library: libString(name, version) });
    next(null, lib);
  }

  function processParams(library, oldVersion, newVersion, params, metadata, next) {
    var hooks = g.H5PUpgrades[library.name];
    if (hooks === undefined) {
      if (library.upgrades) return next({ type: 'scriptMissing', library: libString(library.name, newVersion) });
      return next(null, params, metadata);
    }
    serial(
      hooks,
      function (major, minors, nextMajor) {
        major = +major;
        if (major < oldVersion.major || major > newVersion.major) return nextMajor();
        serial(
          minors,
          function (minor, upgrade, nextMinor) {
            minor = +minor;
            if (minor <= oldVersion.minor || minor > newVersion.minor) return nextMinor();
            var hook = upgrade && upgrade.contentUpgrade !== undefined ? upgrade.contentUpgrade : upgrade;
            if (typeof hook !== 'function') return nextMinor();
            try {
              hook(
                params,
                function (err, upgradedParams, upgradedExtras) {
                  params = upgradedParams;
                  if (upgradedExtras && upgradedExtras.metadata) metadata = upgradedExtras.metadata;
                  nextMinor(err ? { type: 'hookFailed', library: library.name + ' ' + major + '.' + minor, message: String((err && err.message) || err) } : null);
                },
                { metadata: metadata },
              );
            } catch (e) {
              nextMinor({ type: 'hookFailed', library: library.name + ' ' + major + '.' + minor, message: String((e && e.message) || e) });
            }
          },
          nextMajor,
        );
      },
      function (err) {
        next(err, params, metadata);
      },
    );
  }

  function processField(field, params, done) {
    if (params === undefined || params === null || !field) return done();
    switch (field.type) {
      case 'library': {
        if (typeof params.library !== 'string' || params.params === undefined) return done();
        var used = params.library.split(' ', 2);
        var options = field.options || [];
        for (var i = 0; i < options.length; i++) {
          var available = (typeof options[i] === 'string' ? options[i] : (options[i] && options[i].name) || '').split(' ', 2);
          if (available[0] !== used[0]) continue;
          if (available[1] === used[1]) return done();
          var usedVer = new Version(used[1]);
          var availableVer = new Version(available[1]);
          if (usedVer.major > availableVer.major || (usedVer.major === availableVer.major && usedVer.minor >= availableVer.minor)) {
            return done({ type: 'errorTooHighVersion', used: libString(used[0], usedVer), supported: libString(available[0], availableVer) });
          }
          return upgrade(available[0], usedVer, availableVer, params.params, params.metadata, function (err, upgraded, metadata) {
            if (!err) {
              params.library = libString(available[0], availableVer);
              params.params = upgraded;
              if (metadata) params.metadata = metadata;
            }
            done(err, params);
          });
        }
        return done({ type: 'errorNotSupported', used: params.library });
      }
      case 'group':
        if (field.fields && field.fields.length === 1 && field.isSubContent !== true) {
          return processField(field.fields[0], params, function (err, upgraded) {
            if (upgraded) params = upgraded;
            done(err, params);
          });
        }
        return serial(
          field.fields || [],
          function (index, sub, next) {
            processField(sub, params ? params[sub.name] : null, function (err, upgraded) {
              if (upgraded) params[sub.name] = upgraded;
              next(err);
            });
          },
          function (err) {
            done(err, params);
          },
        );
      case 'list':
        if (!Array.isArray(params)) return done();
        return serial(
          params,
          function (index, sub, next) {
            processField(field.field, sub, function (err, upgraded) {
              if (upgraded) params[index] = upgraded;
              next(err);
            });
          },
          function (err) {
            done(err, params);
          },
        );
      default:
        return done();
    }
  }

  function upgrade(name, oldVersion, newVersion, params, metadata, done) {
    loadLibrary(name, newVersion, function (err, library) {
      if (err) return done(err);
      if (!library.semantics) return done({ type: 'libraryMissing', library: libString(name, newVersion) });
      processParams(library, oldVersion, newVersion, params, metadata, function (err2, upgraded, upgradedMetadata) {
        if (err2) return done(err2);
        if (!upgraded || typeof upgraded !== 'object') return done({ type: 'hookFailed', library: libString(name, newVersion), message: 'the hook returned no parameters' });
        serial(
          library.semantics,
          function (index, field, next) {
            processField(field, upgraded[field.name], function (err3, sub) {
              if (sub) upgraded[field.name] = sub;
              next(err3);
            });
          },
          function (err4) {
            done(err4, upgraded, upgradedMetadata);
          },
        );
      });
    });
  }

  // the host's entry points: strings in, a string out (g.__out)
  g.__defineLibraries = function (json) {
    var list = JSON.parse(json);
    for (var i = 0; i < list.length; i++) {
      var l = list[i];
      libs[l.name + ' ' + l.version] = { name: l.name, semantics: l.semantics, upgrades: !!l.upgrades };
    }
  };
  g.__upgrade = function (name, from, to, json) {
    g.__out = undefined;
    var content;
    try {
      content = JSON.parse(json);
      if (!content || typeof content !== 'object' || !content.params || typeof content.params !== 'object') throw 0;
    } catch (e) {
      g.__out = JSON.stringify({ ok: false, error: { type: 'errorParamsBroken' } });
      return;
    }
    upgrade(name, new Version(from), new Version(to), content.params, content.metadata, function (err, params, metadata) {
      if (err) {
        var e = err && typeof err === 'object' ? err : { type: 'hookFailed', message: String(err) };
        g.__out = JSON.stringify({ ok: false, error: { type: String(e.type || 'hookFailed'), library: e.library ? String(e.library) : undefined, used: e.used ? String(e.used) : undefined, supported: e.supported ? String(e.supported) : undefined, message: e.message ? String(e.message).slice(0, 300) : undefined } });
        return;
      }
      g.__out = JSON.stringify({ ok: true, content: JSON.stringify({ params: params, metadata: metadata }) });
    });
  };
}

let context = null;
const UPGRADE = new vm.Script('__upgrade(__in_name, __in_from, __in_to, __in_json); delete globalThis.__in_json;');

function newContext(libraries) {
  // a null-prototype global: nothing reached from it leads to this realm's Object or Function
  const sandbox = Object.create(null);
  const ctx = vm.createContext(sandbox, { name: 'content-upgrade', codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
  vm.runInContext(`(${contextMain.toString()})();`, ctx, { timeout: RUN_MS });
  sandbox.__in_json = JSON.stringify(libraries.map((l) => ({ name: l.name, version: l.version, semantics: l.semantics, upgrades: typeof l.upgrades === 'string' })));
  vm.runInContext('__defineLibraries(__in_json); delete globalThis.__in_json;', ctx, { timeout: RUN_MS });
  const errors = [];
  // each library's upgrades.js, as the browser would load it (a script defining H5PUpgrades['<name>'])
  for (const l of libraries) {
    if (typeof l.upgrades !== 'string') continue;
    try {
      new vm.Script(l.upgrades, { filename: `${l.name}-${l.version}/upgrades.js` }).runInContext(ctx, { timeout: RUN_MS });
    } catch (err) {
      errors.push({ library: `${l.name} ${l.version}`, message: messageOf(err) });
    }
  }
  return { sandbox, ctx, errors };
}

function messageOf(err) {
  // an error thrown in the context is an object of the context: read as text only
  try {
    if (err && typeof err === 'object' && typeof err.message === 'string') return err.message.slice(0, 300);
    return String(err).slice(0, 300);
  } catch {
    return 'unknown error';
  }
}

function answer(msg) {
  process.stdout.write(JSON.stringify(msg) + '\n');
}

function handle(msg) {
  if (msg.op === 'load') {
    context = newContext(Array.isArray(msg.libraries) ? msg.libraries : []);
    return answer({ id: msg.id, ok: true, errors: context.errors });
  }
  if (msg.op === 'upgrade') {
    if (!context) return answer({ id: msg.id, ok: false, error: { type: 'notLoaded' } });
    const { sandbox, ctx } = context;
    sandbox.__out = undefined;
    sandbox.__in_name = String(msg.name);
    sandbox.__in_from = String(msg.from);
    sandbox.__in_to = String(msg.to);
    sandbox.__in_json = String(msg.content);
    try {
      UPGRADE.runInContext(ctx, { timeout: RUN_MS });
    } catch (err) {
      const text = messageOf(err);
      const timedOut = /timed out/i.test(text);
      return answer({ id: msg.id, ok: false, error: timedOut ? { type: 'timeout' } : { type: 'hookFailed', message: text } });
    }
    const out = sandbox.__out;
    sandbox.__out = undefined;
    // only a string made by the context's JSON.stringify is read (never an object of the context)
    if (typeof out !== 'string') return answer({ id: msg.id, ok: false, error: { type: 'notFinished' } });
    let parsed;
    try {
      parsed = JSON.parse(out);
    } catch {
      return answer({ id: msg.id, ok: false, error: { type: 'hookFailed', message: 'unreadable result' } });
    }
    return answer({ id: msg.id, ...parsed });
  }
  answer({ id: msg.id, ok: false, error: { type: 'unknownOp' } });
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    if (!line.trim()) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      answer({ id: null, ok: false, error: { type: 'badMessage' } });
      continue;
    }
    handle(msg);
  }
});
process.stdin.on('end', () => process.exit(0));
answer({ id: 0, ok: true, ready: true });
