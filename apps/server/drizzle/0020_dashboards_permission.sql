-- The e-commerce dashboard shows the whole shop's figures: administrators only, by default.
UPDATE roles SET permissions = permissions || ARRAY['dashboards:ecommerce']
 WHERE name = 'admin' AND NOT ('dashboards:ecommerce' = ANY (permissions));
