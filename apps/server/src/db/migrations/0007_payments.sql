-- Hand-written while issue 13 is built; squashed into one drizzle-kit migration before it lands.
select 1;
