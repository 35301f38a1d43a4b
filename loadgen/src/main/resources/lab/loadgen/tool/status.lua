-- wrk / wrk2 script of the lab's sweeps (loadgen's WrkScript runs it with -s):
-- asks for degraded pages as errors, counts the answers by status code, and notes when the first
-- answer and the first success came and how many requests were in flight on average after it (a
-- monotonic clock through LuaJIT's ffi, where there is one), which it prints at the end.
--
-- In flight is counted, not inferred: rate x wrk's mean is no count (wrk 4 adds synthetic samples to
-- its histogram and leaves out the requests still unanswered at the end), and the connections the
-- tool holds open say nothing of the time a connection waits on the tool itself between an answer
-- and its next request, which on two shared cores can be a third of the run. request() is called as
-- wrk starts each request's clock and response() as it stops it. The count is capped at the thread's
-- connections, its one argument (loadgen passes it after the URL): wrk calls request() once more on
-- its first thread to check the script, and again after a reconnect whose request had no answer.

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

-- the same request every time, as wrk sends without a request() of the script
local req = nil

local cap = math.huge

function init(args)
  statuses = {}
  req = wrk.format()
  cap = tonumber(args[1]) or math.huge
  in_flight = 0
  -- the time integral of in_flight from this thread's first answer to held_last
  held_area = 0
  held_last = nil
end

-- in_flight is about to change at t: add its area since the last change (once the window opened)
local function step(t)
  if held_last then
    held_area = held_area + in_flight * (t - held_last)
  end
  held_last = t
end

function request()
  if now and first_answer then
    step(now())
  end
  in_flight = math.min(in_flight + 1, cap)
  return req
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if now then
    local t = now()
    if first_answer then
      step(t)
    else
      first_answer = t
      held_last = t
    end
    if status >= 200 and status < 300 then
      first_success = first_success or t
    end
  end
  in_flight = math.max(in_flight - 1, 0)
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
    -- each thread's mean from its own first answer to the end; a thread with none held what it sent
    local t, held = now(), 0
    for _, thread in ipairs(threads) do
      local n, last = thread:get("in_flight"), thread:get("held_last")
      local since = thread:get("first_answer")
      if last and t > since then
        held = held + (thread:get("held_area") + n * (t - last)) / (t - since)
      else
        held = held + n
      end
    end
    io.write(string.format("In flight after the first answer: %.1f\n", held))
  end
end
