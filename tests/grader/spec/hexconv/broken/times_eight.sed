# caught-by: the output's item 3 is
# Each new digit multiplies what was read by 8, not 10: right for one digit only.
s/ADD R5, R2, R3          ; 10n/ADD R5, R3, #0          ; 8n/
