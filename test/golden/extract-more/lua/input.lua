local json = require("json")
local util = require "lib.util"

--- Module table.
local M = {}

MAX_SIZE = 10

-- Adds numbers.
-- Second line.
function M.add(a, b)
  return util.sum(a, b)
end

function M:method(x)
  self:helper(x)
  print(x)
end

local function private_fn()
  return M.add(1, 2)
end

M.sub = function(a, b) return a - b end

local handler = function() end

function global_fn() obj.field.call() end

return M
