-- wrk / wrk2 script of the lab's sweeps (loadgen's WrkScript runs it with -s):
-- asks for degraded pages as errors, counts the answers by status code, prints them at the end.

-- RFC 7240: a portal page with a failed panel then answers 502 instead of 200.
wrk.headers["Prefer"] = "handling=strict"

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
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
end
