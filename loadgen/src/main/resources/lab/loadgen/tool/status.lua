-- wrk / wrk2 script of the lab's sweeps (loadgen's WrkScript runs it with -s):
-- asks for degraded pages as errors, counts the answers by status code, and notes when the first
-- answer and the first success came (a monotonic clock through LuaJIT's ffi, where there is one),
-- which it prints at the end.

-- RFC 7240: a portal page with a failed panel then answers 502 instead of 200.
wrk.headers["Prefer"] = "handling=strict"

-- CLOCK_MONOTONIC, in seconds; nil where this Lua has no ffi (PUC Lua): then no timeline
local now = nil
local hasffi, ffi = pcall(require, "ffi")
if hasffi then
  ffi.cdef[[
    typedef struct { long tv_sec; long tv_nsec; } lab_timespec;
    int clock_gettime(int clock, lab_timespec *ts);
  ]]
  local ts = ffi.new("lab_timespec")
  now = function()
    ffi.C.clock_gettime(1, ts)
    return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) / 1e9
  end
end

local threads = {}
local started = nil

function setup(thread)
  if now and not started then
    started = now()
  end
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if now then
    local t = now()
    first_answer = first_answer or t
    if status >= 200 and status < 300 then
      first_success = first_success or t
    end
  end
end

-- the earliest of one global across the threads, or nil
local function earliest(name)
  local first = nil
  for _, thread in ipairs(threads) do
    local t = thread:get(name)
    if t and (not first or t < first) then
      first = t
    end
  end
  return first
end

local function after(t)
  return t and string.format("%.3f", t - started) or "none"
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do
      total[code] = (total[code] or 0) + n
    end
  end
  local parts = {}
  for code, n in pairs(total) do
    table.insert(parts, string.format("%d=%d", code, n))
  end
  table.sort(parts)
  io.write("Status codes: " .. table.concat(parts, " ") .. "\n")
  if started then
    io.write("First answer after: " .. after(earliest("first_answer")) .. " s, first success after: "
      .. after(earliest("first_success")) .. " s\n")
  end
end
