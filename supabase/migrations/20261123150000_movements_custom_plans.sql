-- ============================================================================
-- api.merchant_movements: a plan for each call's filters
-- ============================================================================
-- Its single statement tests every optional filter with `x is null or ...`. After five calls on one
-- connection plpgsql switches to a generic plan, which must serve every filter combination and so
-- cannot pick the client's index when a client code is given: the client filter became a scan of
-- all the merchant's movements. Planning each call with its values keeps the index (planning costs
-- well under a millisecond; the result is unchanged).
alter function api.merchant_movements(date, date, text, integer, integer)
  set plan_cache_mode = force_custom_plan;
