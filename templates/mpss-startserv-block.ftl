<#-- Shell lines of the pagetune MPSS block in bin/startserv (Bourne shell, as Solaris 10 /bin/sh
     needs). Only what startserv lacks is set: mpss.preload adds mpss.library to mpss.variable
     (LD_PRELOAD_32 or LD_PRELOAD_64, the one ld.so.1 reads for the server's word size), starting
     from mpss.seed (the generic LD_PRELOAD entries of that word size) when it is empty, and never
     twice; mpss.set_heap / mpss.export_heap assign and export MPSSHEAP. -->
<#if mpss.preload>
<#if mpss.seed != "">
${mpss.variable}="$${r"{"}${mpss.variable}:-${mpss.seed}${r"}"}"
</#if>
case " $${mpss.variable} " in
*[\ :]${mpss.library}[\ :]*) ;;
*) ${mpss.variable}="$${r"{"}${mpss.variable}:+$${mpss.variable} ${r"}"}${mpss.library}" ;;
esac
export ${mpss.variable}
</#if>
<#if mpss.set_heap>
MPSSHEAP=${mpss.heap}
</#if>
<#if mpss.export_heap>
export MPSSHEAP
</#if>
